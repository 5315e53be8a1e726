export { default as LibraryFilterBar } from './LibraryFilterBar';
export { default as LoadMoreButton } from './LoadMoreButton';
export { default as SignInWall } from './SignInWall';
export * from './saved';
