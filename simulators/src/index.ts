/**
 * The development payment simulators: PayPal's REST API and Safaricom Daraja on loopback, speaking
 * their real wire protocols. Used by the tests and by `npm start`'s development sandbox; never part of
 * a production image. The package's `development` export condition (Vitest) and `types` (tsc) name
 * these sources; plain node loads the compiled `dist/index.js` (`npm run build:server` makes it).
 */
export * from './paypal';
export * from './daraja';
export * from './daraja-test-certificate';
