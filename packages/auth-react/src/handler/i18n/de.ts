/**
 * @module
 * The German texts of the handler pages (formal "Sie"). Typed by the English source: a key
 * missing here, or one English does not have, fails the typecheck.
 */
import type { MessageKey } from "./en";

export const de: Record<MessageKey, string> = {
  "common.loading": "Wird geladen...",
  "common.redirecting": "Sie werden weitergeleitet...",
  "common.unknownError": "Ein unbekannter Fehler ist aufgetreten.",
  "common.somethingWentWrong": "Etwas ist schiefgelaufen",
  "common.goHome": "Zur Startseite",
  "common.backToSignIn": "Zurück zur Anmeldung",
  "common.signInLink": "Anmelden",
  "common.cancel": "Abbrechen",
  "common.email": "E-Mail",
  "common.password": "Passwort",
  "common.signingIn": "Anmeldung läuft...",
  "common.sending": "Wird gesendet...",
  "common.saving": "Wird gespeichert...",
  "common.creating": "Wird erstellt...",
  "common.projectNotLoaded": "Das Projekt konnte nicht geladen werden.",

  "validation.enterYourEmail": "Bitte geben Sie Ihre E-Mail-Adresse ein.",
  "validation.enterAnEmail": "Bitte geben Sie eine E-Mail-Adresse ein.",
  "validation.invalidEmail": "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  "validation.enterYourPassword": "Bitte geben Sie Ihr Passwort ein.",
  "validation.nameTooLong": "Der Name darf höchstens {max} Zeichen lang sein.",

  "password.hint": "{min} bis {max} Zeichen.",
  "password.tooShort": "Das Passwort ist zu kurz. Es muss mindestens {min} Zeichen lang sein.",
  "password.tooLong": "Das Passwort ist zu lang. Es darf höchstens {max} Zeichen lang sein.",
  "password.enterPassword": "Bitte geben Sie ein Passwort ein.",
  "password.mismatch": "Die Passwörter stimmen nicht überein.",

  "codeProblem.missing.title": "Ungültiger Link",
  "codeProblem.missing.text":
    "Dieser Link ist unvollständig: Ihm fehlt der Code. Bitte öffnen Sie den Link aus der E-Mail erneut.",
  "codeProblem.invalid.title": "Ungültiger Link",
  "codeProblem.invalid.text":
    "Dieser Link ist ungültig. Bitte prüfen Sie, ob Sie den vollständigen Link aus der E-Mail geöffnet haben.",
  "codeProblem.expired.title": "Link abgelaufen",
  "codeProblem.expired.text": "Dieser Link ist abgelaufen. Bitte fordern Sie einen neuen an.",
  "codeProblem.used.title": "Link bereits verwendet",
  "codeProblem.used.text": "Dieser Link wurde bereits verwendet.",
  "codeProblem.tooManyAttempts.title": "Zu viele Versuche",
  "codeProblem.tooManyAttempts.text":
    "Dieser Link wurde zu oft ausprobiert. Bitte fordern Sie einen neuen an.",

  "signOut.title": "Abmelden",
  "signOut.status": "Sie werden abgemeldet...",
  "signOut.failed": "Die Abmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.",
  "errorPage.errorCode": "Fehlercode: {code}",
  "notFound.title": "Seite nicht gefunden",
  "notFound.text": "Diese Seite gibt es nicht.",

  "signIn.title": "Anmelden",
  "signIn.formTitle": "Melden Sie sich bei Ihrem Konto an",
  "signIn.submit": "Anmelden",
  "signIn.forgotPassword": "Passwort vergessen?",
  "signIn.noMethod": "Für dieses Projekt ist keine Anmeldemethode aktiviert.",
  "signIn.noAccount": "Sie haben noch kein Konto? {link}",
  "signIn.signUpLink": "Registrieren",
  "signIn.withProvider": "Mit {provider} anmelden",
  "signIn.withPasskey": "Mit einem Passkey anmelden",
  "signIn.waitingForPasskey": "Warten auf Ihren Passkey...",

  "magicLink.emailLabel": "E-Mail-Adresse für einen Anmeldecode",
  "magicLink.send": "Anmeldecode per E-Mail senden",
  "magicLink.enterCode": "Bitte geben Sie den 6-stelligen Code aus der E-Mail ein.",
  "magicLink.codeInvalid":
    "Dieser Code ist nicht mehr gültig. Bitte prüfen Sie ihn oder fordern Sie einen neuen an.",
  "magicLink.sent":
    "Wir haben einen Anmeldelink und einen Code an {email} gesendet. Öffnen Sie den Link oder geben Sie den Code ein.",
  "magicLink.codeLabel": "Code aus der E-Mail",
  "magicLink.signInWithCode": "Mit Code anmelden",
  "magicLink.useAnotherEmail": "Andere E-Mail-Adresse verwenden",
  "magicLinkCallback.title": "Anmeldung",
  "magicLinkCallback.status": "Sie werden angemeldet...",

  "signUp.title": "Registrieren",
  "signUp.formTitle": "Neues Konto erstellen",
  "signUp.repeatPassword": "Passwort wiederholen",
  "signUp.submit": "Registrieren",
  "signUp.busy": "Registrierung läuft...",
  "signUp.haveAccount": "Sie haben bereits ein Konto? {link}",
  "signUp.passwordNotEnabled":
    "Die Registrierung mit Passwort ist für dieses Projekt nicht aktiviert.",
  "signUp.notEnabled":
    "Die Registrierung ist für dieses Projekt nicht aktiviert: Konten werden von den Administratoren angelegt.",

  "mfa.title": "Zwei-Faktor-Authentifizierung",
  "mfa.enterCode": "Bitte geben Sie den 6-stelligen Code aus Ihrer App ein.",
  "mfa.wrongCode": "Dieser Code ist nicht korrekt. Bitte geben Sie den aktuellen Code ein.",
  "mfa.expired": "Diese Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.",
  "mfa.noAttempt":
    "Es wartet keine Anmeldung auf einen zweiten Faktor. Bitte melden Sie sich zuerst an.",
  "mfa.instructions": "Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.",
  "mfa.codeLabel": "Code",
  "mfa.busy": "Wird überprüft...",
  "mfa.submit": "Bestätigen",

  "oauthCallback.title": "Anmeldung",
  "oauthCallback.status": "Ihre Anmeldung wird abgeschlossen...",
  "oauthCallback.nothingToFinish":
    "Hier gibt es keine Anmeldung abzuschließen. Bitte melden Sie sich erneut an.",

  "emailVerification.title": "E-Mail-Adresse bestätigen",
  "emailVerification.status": "Ihre E-Mail-Adresse wird bestätigt...",
  "emailVerification.verifiedTitle": "E-Mail-Adresse bestätigt",
  "emailVerification.verified": "Ihre E-Mail-Adresse wurde bestätigt.",
  "emailVerification.newLink": "Einen neuen Link können Sie in {link} anfordern.",
  "emailVerification.accountSettingsLink": "Ihren Kontoeinstellungen",

  "forgotPassword.title": "Passwort zurücksetzen",
  "forgotPassword.instructions":
    "Geben Sie die E-Mail-Adresse Ihres Kontos ein, und wir senden Ihnen einen Link zum Zurücksetzen.",
  "forgotPassword.submit": "Link zum Zurücksetzen senden",
  "forgotPassword.sentTitle": "Prüfen Sie Ihr E-Mail-Postfach",
  "forgotPassword.sent":
    "Falls zu {email} ein Konto gehört, haben wir an diese Adresse einen Link zum Zurücksetzen des Passworts gesendet.",

  "passwordReset.checking": "Ihr Link wird geprüft...",
  "passwordReset.requestNewLink": "Neuen Link zum Zurücksetzen anfordern",
  "passwordReset.doneTitle": "Passwort zurückgesetzt",
  "passwordReset.done": "Ihr Passwort wurde zurückgesetzt. Sie können sich jetzt damit anmelden.",
  "passwordReset.formTitle": "Neues Passwort festlegen",
  "passwordReset.newPassword": "Neues Passwort",
  "passwordReset.repeatNewPassword": "Neues Passwort wiederholen",
  "passwordReset.busy": "Wird zurückgesetzt...",
  "passwordReset.submit": "Passwort zurücksetzen",

  "teamInvitation.title": "Einladung in ein Team",
  "teamInvitation.notAvailable": "Team-Einladungen sind in dieser App nicht verfügbar.",
  "teamInvitation.signInFirst":
    "Sie wurden in ein Team eingeladen. Bitte melden Sie sich an, um die Einladung anzunehmen.",
  "teamInvitation.joined": "Sie sind jetzt Mitglied von {team}.",
  "teamInvitation.loading": "Die Einladung wird geladen...",
  "teamInvitation.invited": "Sie wurden eingeladen, {team} beizutreten.",
  "teamInvitation.joining": "Beitritt läuft...",
  "teamInvitation.join": "Team beitreten",
  "teamInvitation.ignore": "Einladung ignorieren",

  "account.title": "Kontoeinstellungen",
  "account.notLoaded": "Ihr Konto konnte nicht geladen werden.",
  "account.redirecting": "Weiterleitung zur Anmeldung...",
  "account.defaultIssuer": "Konto",

  "profile.title": "Profil",
  "profile.displayName": "Anzeigename",
  "profile.save": "Namen speichern",
  "profile.saved": "Ihr Name wurde gespeichert.",

  "emails.title": "E-Mail-Adressen",
  "emails.primary": "Hauptadresse",
  "emails.verified": "Bestätigt",
  "emails.notVerified": "Nicht bestätigt",
  "emails.usedForSignIn": "Für die Anmeldung verwendet",
  "emails.notLoaded": "Ihre E-Mail-Adressen konnten nicht geladen werden.",
  "emails.loading": "Ihre E-Mail-Adressen werden geladen...",
  "emails.verificationSent": "Ein Bestätigungslink wurde an {email} gesendet.",
  "emails.nowPrimary": "{email} ist jetzt Ihre Haupt-E-Mail-Adresse.",
  "emails.removed": "{email} wurde entfernt.",
  "emails.added":
    "{email} wurde hinzugefügt. Bestätigen Sie die Adresse über den Link, den wir ihr senden können.",
  "emails.sendVerification": "Bestätigungslink senden",
  "emails.sendVerificationTo": "Bestätigungslink senden an {email}",
  "emails.makePrimary": "Als Hauptadresse festlegen",
  "emails.makePrimaryNamed": "Als Hauptadresse festlegen: {email}",
  "emails.remove": "Entfernen",
  "emails.removeNamed": "Entfernen: {email}",
  "emails.addLabel": "Neue E-Mail-Adresse",
  "emails.adding": "Wird hinzugefügt...",
  "emails.add": "E-Mail-Adresse hinzufügen",

  "passwordSection.title": "Passwort",
  "passwordSection.enterCurrent": "Bitte geben Sie Ihr aktuelles Passwort ein.",
  "passwordSection.changed": "Ihr Passwort wurde geändert.",
  "passwordSection.set": "Ihr Passwort wurde festgelegt.",
  "passwordSection.currentWrong": "Das aktuelle Passwort ist nicht korrekt.",
  "passwordSection.currentLabel": "Aktuelles Passwort",
  "passwordSection.noPasswordYet": "Ihr Konto hat noch kein Passwort. Sie können eines festlegen.",
  "passwordSection.change": "Passwort ändern",
  "passwordSection.setButton": "Passwort festlegen",

  "passkey.title": "Passkey",
  "passkey.saved": "Ihr Passkey wurde gespeichert. Sie können sich jetzt damit anmelden.",
  "passkey.notSaved": "Der Passkey konnte nicht gespeichert werden.",
  "passkey.enabled":
    "Sie können sich mit einem Passkey anmelden. Ein neuer Passkey ersetzt den bisherigen.",
  "passkey.disabled":
    "Melden Sie sich mit der Bildschirmsperre Ihres Geräts an statt mit einem Passwort.",
  "passkey.replace": "Passkey ersetzen",
  "passkey.add": "Passkey hinzufügen",

  "mfaSection.turnedOff": "Die Zwei-Faktor-Authentifizierung ist ausgeschaltet.",
  "mfaSection.turnedOn": "Die Zwei-Faktor-Authentifizierung ist eingeschaltet.",
  "mfaSection.wrongCode":
    "Das ist nicht der aktuelle Code dieses Schlüssels. Bitte prüfen Sie Ihre App.",
  "mfaSection.on":
    "Eingeschaltet: Bei der Anmeldung wird ein Code aus Ihrer Authenticator-App abgefragt.",
  "mfaSection.off": "Ausgeschaltet: Für die Anmeldung ist kein Code aus einer App nötig.",
  "mfaSection.turnOff": "Zwei-Faktor-Authentifizierung ausschalten",
  "mfaSection.turnOn": "Zwei-Faktor-Authentifizierung einschalten",
  "mfaSection.setUp":
    "Scannen Sie diesen QR-Code mit Ihrer Authenticator-App oder geben Sie den Schlüssel unten von Hand ein (oder {link}). Geben Sie dann den Code ein, den die App anzeigt.",
  "mfaSection.openInApp": "öffnen Sie ihn in der App",
  "mfaSection.qrCodeAlt": "QR-Code des Schlüssels für Ihre Authenticator-App",
  "mfaSection.key": "Schlüssel: {key}",
  "mfaSection.codeLabel": "Code aus Ihrer App",
  "mfaSection.busy": "Wird eingeschaltet...",
  "mfaSection.confirm": "Bestätigen und einschalten",

  "sessions.title": "Sitzungen",
  "sessions.notLoaded": "Ihre Sitzungen konnten nicht geladen werden.",
  "sessions.loading": "Ihre Sitzungen werden geladen...",
  "sessions.signedOut": "Die Sitzung wurde beendet.",
  "sessions.notSignedOut": "Die Sitzung konnte nicht beendet werden.",
  "sessions.describe": "Angemeldet am {created}, zuletzt verwendet am {lastUsed}",
  "sessions.describeWithIp": "Angemeldet am {created}, zuletzt verwendet am {lastUsed} von {ip}",
  "sessions.current": "(diese Sitzung)",
  "sessions.signOut": "Abmelden",
  "sessions.signOutNamed": "Abmelden: {session}",

  "apiKeys.title": "API-Schlüssel",
  "apiKeys.teamTitle": "API-Schlüssel von {team}",
  "apiKeys.none": "Sie haben keine API-Schlüssel.",
  "apiKeys.teamNone": "Das Team hat keine API-Schlüssel.",
  "apiKeys.describe": "{description} (endet auf {lastFour}, {state})",
  "apiKeys.revoked": "widerrufen",
  "apiKeys.expired": "abgelaufen",
  "apiKeys.expires": "läuft am {date} ab",
  "apiKeys.neverExpires": "läuft nie ab",
  "apiKeys.newKey": "Ihr neuer Schlüssel (kopieren Sie ihn jetzt: Er wird nur einmal angezeigt):",
  "apiKeys.copy": "Schlüssel kopieren",
  "apiKeys.copied": "In die Zwischenablage kopiert.",
  "apiKeys.copyFailed":
    "Der Schlüssel konnte hier nicht kopiert werden: Bitte markieren und kopieren Sie ihn selbst.",
  "apiKeys.notLoaded": "Die API-Schlüssel konnten nicht geladen werden.",
  "apiKeys.loading": "Die API-Schlüssel werden geladen...",
  "apiKeys.describeRequired": "Bitte beschreiben Sie, wofür der Schlüssel gedacht ist.",
  "apiKeys.daysInvalid":
    "Bitte geben Sie eine ganze Zahl von 1 bis 3650 Tagen ein oder lassen Sie das Feld leer.",
  "apiKeys.notRevoked": "Der Schlüssel konnte nicht widerrufen werden.",
  "apiKeys.revoke": "Widerrufen",
  "apiKeys.revokeNamed": "Widerrufen: {description}",
  "apiKeys.descriptionLabel": "Beschreibung des Schlüssels",
  "apiKeys.daysLabel": "Läuft ab nach (Tagen)",
  "apiKeys.daysHint": "Leer lassen für einen Schlüssel, der nie abläuft.",
  "apiKeys.create": "API-Schlüssel erstellen",

  "teams.title": "Teams",
  "teams.notLoaded": "Ihre Teams konnten nicht geladen werden.",
  "teams.loading": "Ihre Teams werden geladen...",
  "teams.none": "Sie sind in keinem Team.",
  "teams.left": "Sie haben {team} verlassen.",
  "teams.notLeft": "Das Team konnte nicht verlassen werden.",
  "teams.selected": "{team} ist jetzt Ihr aktuelles Team.",
  "teams.notSelected": "Das aktuelle Team konnte nicht geändert werden.",
  "teams.deleted": "{team} wurde gelöscht.",
  "teams.created": "{team} wurde erstellt.",
  "teams.enterName": "Bitte geben Sie den Namen des Teams ein.",
  "teams.newTeamName": "Name des neuen Teams",
  "teams.create": "Team erstellen",
  "teams.currentMark": "(aktuelles Team)",
  "teams.select": "Auswählen",
  "teams.selectNamed": "Auswählen: {team} als Ihr aktuelles Team",
  "teams.manage": "Verwalten",
  "teams.manageNamed": "Verwalten: {team}",
  "teams.leave": "Verlassen",
  "teams.leaveNamed": "Verlassen: {team}",
  "teams.loadingPermissions": "Es wird geladen, was Sie in {team} tun können...",
  "teams.permissionsNotLoaded": "Ihre Berechtigungen konnten nicht geladen werden.",

  "teamProfile.title": "Ihr Profil in {team}",
  "teamProfile.notLoaded": "Ihr Profil im Team konnte nicht geladen werden.",
  "teamProfile.loading": "Ihr Profil im Team wird geladen...",
  "teamProfile.saved": "Ihr Name in {team} wurde gespeichert.",
  "teamProfile.nameLabel": "Ihr Name in diesem Team",
  "teamProfile.nameHint": "Bleibt das Feld leer, zeigt das Team den Namen Ihres Kontos.",
  "teamProfile.save": "Namen im Team speichern",

  "teamRename.renamed": "Das Team heißt jetzt {name}.",
  "teamRename.nameLabel": "Teamname",
  "teamRename.busy": "Wird umbenannt...",
  "teamRename.submit": "Team umbenennen",

  "teamMembers.title": "Mitglieder von {team}",
  "teamMembers.unnamed": "Mitglied ohne Namen",
  "teamMembers.notLoaded": "Die Mitglieder konnten nicht geladen werden.",
  "teamMembers.loading": "Die Mitglieder werden geladen...",
  "teamMembers.removed": "{member} wurde aus {team} entfernt.",
  "teamMembers.notRemoved": "Das Mitglied konnte nicht entfernt werden.",
  "teamMembers.you": "(Sie)",
  "teamMembers.remove": "Entfernen",
  "teamMembers.removeNamed": "Entfernen: {member} aus {team}",
  "teamMembers.removing": "Wird entfernt...",

  "teamInvitations.title": "Einladungen in {team}",
  "teamInvitations.inviteLabel": "In {team} einladen (E-Mail-Adresse)",
  "teamInvitations.inviting": "Einladung wird gesendet...",
  "teamInvitations.send": "Einladung senden",
  "teamInvitations.describe": "{email} (läuft am {date} ab)",
  "teamInvitations.unknownAddress": "Unbekannte Adresse",
  "teamInvitations.notLoaded": "Die Einladungen konnten nicht geladen werden.",
  "teamInvitations.loading": "Die Einladungen werden geladen...",
  "teamInvitations.none": "Keine Einladung wartet auf eine Antwort.",
  "teamInvitations.revoked": "Die Einladung an {email} wurde zurückgezogen.",
  "teamInvitations.revokedUnknown": "Die Einladung an diese Adresse wurde zurückgezogen.",
  "teamInvitations.notRevoked": "Die Einladung konnte nicht zurückgezogen werden.",
  "teamInvitations.sent": "Eine Einladung wurde an {email} gesendet.",
  "teamInvitations.revoke": "Zurückziehen",
  "teamInvitations.revokeNamed": "Zurückziehen: Einladung an {email}",
  "teamInvitations.revokeUnknown": "Zurückziehen: Einladung an diese Adresse",
  "teamInvitations.revoking": "Wird zurückgezogen...",

  "teamDelete.delete": "Löschen",
  "teamDelete.deleteNamed": "Löschen: {team}",
  "teamDelete.question":
    "{team} für alle Mitglieder löschen? Die Einladungen und API-Schlüssel des Teams werden mitgelöscht. Das lässt sich nicht rückgängig machen.",
  "teamDelete.confirm": "Ja, {team} löschen",
  "teamDelete.deleting": "Wird gelöscht...",
  "teamDelete.failed": "Das Team konnte nicht gelöscht werden.",

  "error.generic": "Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.",
  "error.network":
    "Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.",
  "error.offline":
    "Sie sind offline. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.",
  "error.EMAIL_PASSWORD_MISMATCH": "Falsche E-Mail-Adresse oder falsches Passwort.",
  "error.USER_EMAIL_ALREADY_EXISTS": "Es gibt bereits ein Konto mit der E-Mail-Adresse {email}.",
  "error.USER_EMAIL_ALREADY_EXISTS_UNVERIFIED":
    "Es gibt bereits ein Konto mit der E-Mail-Adresse {email}, aber die Adresse ist nicht bestätigt. Bitte melden Sie sich mit der Methode an, mit der Sie sich registriert haben, und bestätigen Sie dann die E-Mail-Adresse, um sich auch auf diese Weise anmelden zu können.",
  "error.CONTACT_CHANNEL_ALREADY_USED":
    "Die E-Mail-Adresse {email} wird bereits von einem anderen Konto für die Anmeldung verwendet.",
  "error.CONTACT_CHANNEL_ALREADY_USED_NO_VALUE":
    "Diese E-Mail-Adresse wird bereits von einem anderen Konto für die Anmeldung verwendet.",
  "error.EMAIL_NOT_VERIFIED": "Die E-Mail-Adresse ist nicht bestätigt.",
  "error.EMAIL_ALREADY_VERIFIED": "Die E-Mail-Adresse ist bereits bestätigt.",
  "error.EMAIL_IS_NOT_PRIMARY_EMAIL": "Diese E-Mail-Adresse ist nicht Ihre Hauptadresse.",
  "error.EMAIL_NOT_ASSOCIATED_WITH_USER":
    "Zu dieser E-Mail-Adresse gibt es kein Konto, das sich damit anmelden kann.",
  "error.USER_NOT_FOUND": "Das Konto wurde nicht gefunden.",
  "error.USER_DOES_NOT_HAVE_PASSWORD":
    "Für dieses Konto ist die Anmeldung mit Passwort nicht eingerichtet.",
  "error.PASSWORD_REQUIREMENTS_NOT_MET": "Das Passwort erfüllt die Anforderungen nicht.",
  "error.PASSWORD_CONFIRMATION_MISMATCH": "Die Passwörter stimmen nicht überein.",
  "error.SIGN_UP_NOT_ENABLED":
    "Für dieses Projekt können keine neuen Konten erstellt werden. Bitte wenden Sie sich an die Betreiber des Projekts.",
  "error.SIGN_UP_REJECTED": "Ihre Registrierung wurde abgelehnt.",
  "error.BOT_CHALLENGE":
    "Es konnte nicht bestätigt werden, dass die Registrierung von einem Menschen stammt.",
  "error.PASSWORD_AUTHENTICATION_NOT_ENABLED":
    "Die Anmeldung mit Passwort ist für dieses Projekt nicht aktiviert.",
  "error.PASSKEY_AUTHENTICATION_NOT_ENABLED":
    "Die Anmeldung mit Passkey ist für dieses Projekt nicht aktiviert.",
  "error.PASSKEY_FAILED":
    "Der Passkey konnte nicht verwendet werden. Bitte versuchen Sie es erneut.",
  "error.REDIRECT_URL_NOT_WHITELISTED":
    "Die Adresse dieser Website gehört nicht zu den vertrauenswürdigen Domains des Projekts.",
  "error.VERIFICATION_CODE_NOT_FOUND": "Der Code ist ungültig.",
  "error.VERIFICATION_CODE_EXPIRED": "Der Code ist abgelaufen.",
  "error.VERIFICATION_CODE_ALREADY_USED": "Der Code wurde bereits verwendet.",
  "error.VERIFICATION_CODE_MAX_ATTEMPTS_REACHED":
    "Der Code wurde zu oft ausprobiert. Bitte fordern Sie einen neuen an.",
  "error.INVALID_TOTP_CODE": "Der Code ist ungültig. Bitte versuchen Sie es erneut.",
  "error.SESSION_EXPIRED": "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.",
  "error.CANNOT_DELETE_CURRENT_SESSION": "Die aktuelle Sitzung kann hier nicht beendet werden.",
  "error.RESTRICTED_USER": "Ihr Konto ist eingeschränkt: Diese Aktion ist noch nicht möglich.",
  "error.TEAM_INVITATION_RESTRICTED_USER":
    "Eingeschränkte Konten können keine Team-Einladungen annehmen. Bitte schließen Sie zuerst die Einrichtung Ihres Kontos ab.",
  "error.TEAM_INVITATION_EMAIL_MISMATCH":
    "Diese Einladung wurde an eine andere E-Mail-Adresse gesendet. Melden Sie sich mit der eingeladenen Adresse an oder fügen Sie sie Ihrem Konto hinzu und bestätigen Sie sie. Versuchen Sie es dann erneut.",
  "error.TEAM_NOT_FOUND": "Das Team wurde nicht gefunden.",
  "error.TEAM_MEMBERSHIP_NOT_FOUND": "Das Mitglied gehört nicht zu diesem Team.",
  "error.TEAM_MEMBERSHIP_ALREADY_EXISTS": "Die Mitgliedschaft im Team besteht bereits.",
  "error.TEAM_PERMISSION_REQUIRED": "Dafür fehlt Ihnen in diesem Team die Berechtigung.",
  "error.API_KEY_NOT_FOUND": "Der API-Schlüssel wurde nicht gefunden.",
  "error.API_KEY_EXPIRED": "Der API-Schlüssel ist abgelaufen.",
  "error.API_KEY_REVOKED": "Der API-Schlüssel wurde widerrufen.",
  "error.OUTER_OAUTH_TIMEOUT":
    "Die Anmeldung beim Anbieter hat zu lange gedauert. Bitte melden Sie sich erneut an.",
  "error.OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED":
    "Dieser Anmeldeanbieter ist nicht vorhanden oder nicht aktiviert.",
  "error.OAUTH_PROVIDER_ACCESS_DENIED": "Der Anmeldeanbieter hat den Zugriff verweigert.",
  "error.OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE":
    "Der Anmeldeanbieter ist vorübergehend nicht erreichbar. Bitte versuchen Sie es erneut.",
  "error.INVALID_AUTHORIZATION_CODE":
    "Der Autorisierungscode ist ungültig. Bitte melden Sie sich erneut an.",
  "error.INVALID_APPLE_CREDENTIALS":
    "Die Anmeldedaten von Apple konnten nicht überprüft werden. Bitte versuchen Sie es erneut.",
  "error.OAUTH_ACCOUNT_ALREADY_CONNECTED":
    "Dieses Konto beim Anbieter ist bereits mit einem anderen Benutzer verbunden.",
};
