export * from './session-revocations';
export * from './token.service';
