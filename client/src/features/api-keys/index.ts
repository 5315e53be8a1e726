export * from './ApiAccessGate';
