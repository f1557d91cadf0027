// The users feature's public face: the student list, for the learning profile's student picker.
export { fetchUsers } from './users.api.ts';
