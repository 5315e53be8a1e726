/** The library feature's entry in client: what other parts of client use (see "A feature's entries" in CONTRIBUTING). */
export { default as LibraryFilterBar } from './LibraryFilterBar';
export { default as LoadMoreButton } from './LoadMoreButton';
export { default as SignInWall } from './SignInWall';
export * from './saved';
