// Texts of signing in through the store's OpenID provider (issue 34): loaded with the screens that
// use them (sign-in-methods.js), not with the first page.
export default {
  'login.withProvider': "Sign in with {name}",
  'login.or': "or",
  'login.providerOnly': "This store signs people in through its own sign-in service.",
  'register.byProvider': "Accounts here are made by signing in with {name}: the first sign-in creates yours.",
  'oidcLink.title': "Link your account",
  'oidcLink.text': "An account with {email} already exists here ({username}). Enter its password once to sign in with {provider} from now on.",
  'oidcLink.submit': "Link and sign in",
  'oidcLink.gone': "This link has expired or was used. Sign in again.",
  'account.signsInWith': "You sign in with {provider}.",
  'account.playersNeedAppPassword': "Music players (Subsonic apps) cannot use {provider}: create an app password below and type it in your player as the password.",
  'account.yourSignIn': "your sign-in service",
  'players.signInAgain': "You signed in more than 15 minutes ago: sign in again to make an app password.",
};
