// The recipient simulator's callback: a successful return carries code, state and id_token in
// the URL fragment (CONTRACT §6), which only a script can read. Forward it to the server, which
// verifies and shows it. An external file, because the Content-Security-Policy forbids inline script.
(function forwardFragment() {
  var fragment = window.location.hash.replace(/^#/, '');
  window.location.replace('/recipient/callback/result' + (fragment ? '?' + fragment : ''));
})();
