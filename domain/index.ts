// The domain's one public entry (a package of its own: domain/package.json). Another channel
// imports the rules of the consent flow from here alone; nothing here depends on anything outside domain/.
export * from './account-selection';
export * from './accounts';
export * from './api-error';
export * from './consent';
export * from './copy';
export * from './customer-details';
export * from './data-clusters';
export * from './date-of-birth';
export * from './error-page';
export * from './flow';
export * from './inactivity-timer';
export * from './is-record';
export * from './login-error-policy';
export * from './login-form';
export * from './modal';
export * from './profiles';
export * from './redirect-token';
export * from './result';
export * from './return-url';
export * from './save-request';
export * from './scopes';
export * from './selection-summary';
export * from './step-error-policy';
export * from './token-expiry-timer';
