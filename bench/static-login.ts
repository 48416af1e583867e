// The physical floor of start-up (issue 15 item 2): a static HTML page with a login form (username,
// secure code, Continue) and nothing else: no script, no stylesheet. The bench writes it into the
// floor app's build and serves it the same way as the apps.
export const STATIC_LOGIN_FILE = 'static-login.html';

export const STATIC_LOGIN_HTML = `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Consent to share data | Open Banking</title>
</head>
<body>
<main>
<h1>Account Login</h1>
<form action="#" method="post">
<p><label for="username">Username</label><br><input id="username" name="username" autocomplete="username"></p>
<p><label for="secureCode">One-time password (security code)</label><br><input id="secureCode" name="secureCode" inputmode="numeric" autocomplete="one-time-code"></p>
<p><button type="submit">Continue</button></p>
</form>
</main>
</body>
</html>
`;
