// Texts of signing in through the store's OpenID provider (issue 34): loaded with the screens that
// use them (sign-in-methods.js), not with the first page.
export default {
  'login.withProvider': "Войти через {name}",
  'login.or': "или",
  'login.providerOnly': "В этом магазине вход — через его собственную службу входа.",
  'register.byProvider': "Учётные записи здесь создаются входом через {name}: первый вход создаст вашу.",
  'oidcLink.title': "Связать учётную запись",
  'oidcLink.text': "Здесь уже есть учётная запись с адресом {email} ({username}). Введите её пароль один раз — и дальше входите через {provider}.",
  'oidcLink.submit': "Связать и войти",
  'oidcLink.gone': "Эта ссылка устарела или уже использована. Войдите ещё раз.",
  'account.signsInWith': "Вы входите через {provider}.",
  'account.playersNeedAppPassword': "Музыкальные плееры (приложения Subsonic) не умеют входить через {provider}: создайте ниже пароль приложения и введите его в плеере как пароль.",
  'account.yourSignIn': "вашу службу входа",
  'players.signInAgain': "Вы вошли больше 15 минут назад: войдите ещё раз, чтобы создать пароль приложения.",
};
