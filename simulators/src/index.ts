/**
 * The development payment simulators: PayPal's REST API and Safaricom Daraja on loopback, speaking
 * their real wire protocols. Used by the tests and by `npm start`'s development sandbox; never part of
 * a production image.
 */
export * from './paypal';
export * from './daraja';
