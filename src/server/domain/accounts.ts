/** Account queries shared by the auth, set-password and admin features (accounts.queries.ts). */
export {
  deleteUserSessions,
  findAccountByEmail,
  findUserToken,
  insertUserToken,
  useUserTokens,
} from './accounts.queries';
