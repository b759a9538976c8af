/**
 * @module
 * The English texts of the handler pages: the source catalogue. Every text a visitor can see or
 * hear on a handler page is here (headings, labels, buttons, hints, aria-labels, status and
 * loading texts, the pages' own errors, confirmations, empty states); de.ts and bs.ts translate
 * each key.
 *
 * Syntax (a small part of ICU MessageFormat): `{name}` puts in a value; `{count, plural, one {…}
 * few {…} other {…}}` picks the form of `Intl.PluralRules` for the language, `#` standing for the
 * number. A `{link}` (or `{key}`) of a sentence can be an element (see `rich` in translator.ts).
 * Apostrophes are plain text.
 *
 * The `error.*` keys name the server's known errors (auth-platform spec section 8). German and
 * Bosnian show them in place of the server's English message; English keeps showing the server's
 * own message (as it always did), unless an app names the key in `translationOverrides`.
 */
export const en = {
  // Shared by several pages.
  "common.loading": "Loading...",
  "common.redirecting": "Redirecting...",
  "common.unknownError": "An unknown error occurred.",
  "common.somethingWentWrong": "Something went wrong",
  "common.goHome": "Go home",
  "common.backToSignIn": "Back to sign in",
  "common.signInLink": "Sign in",
  "common.cancel": "Cancel",
  "common.email": "Email",
  "common.password": "Password",
  "common.signingIn": "Signing in...",
  "common.sending": "Sending...",
  "common.saving": "Saving...",
  "common.creating": "Creating...",
  "common.projectNotLoaded": "The project could not be loaded.",

  // What the forms check before sending.
  "validation.enterYourEmail": "Please enter your e-mail address.",
  "validation.enterAnEmail": "Please enter an e-mail address.",
  "validation.invalidEmail": "Please enter a valid e-mail address.",
  "validation.enterYourPassword": "Please enter your password.",
  "validation.nameTooLong":
    "The name can have at most {max, plural, one {# character} other {# characters}}.",

  // The password rules (password-rules.ts, auth-protocol's limits, spec section 5).
  "password.hint": "{min} to {max} characters.",
  "password.tooShort": "Password too short. Minimum length is {min}.",
  "password.tooLong": "Password too long. Maximum length is {max}.",
  "password.enterPassword": "Please enter a password.",
  "password.mismatch": "Passwords do not match.",

  // What a code from a mailed link can turn out to be (verification-code-states.ts).
  "codeProblem.missing.title": "Invalid link",
  "codeProblem.missing.text":
    "This link is incomplete: it has no code. Please open the link from the e-mail again.",
  "codeProblem.invalid.title": "Invalid link",
  "codeProblem.invalid.text":
    "This link is not valid. Please check that you opened the whole link from the e-mail.",
  "codeProblem.expired.title": "Link expired",
  "codeProblem.expired.text": "This link has expired. Please ask for a new one.",
  "codeProblem.used.title": "Link already used",
  "codeProblem.used.text": "This link has already been used.",
  "codeProblem.tooManyAttempts.title": "Too many attempts",
  "codeProblem.tooManyAttempts.text":
    "This link was tried too many times. Please ask for a new one.",

  // /handler/sign-out, /handler/error and an unknown handler path.
  "signOut.title": "Sign out",
  "signOut.status": "Signing out...",
  "signOut.failed": "Failed to sign out. Please try again.",
  "errorPage.errorCode": "Error code: {code}",
  "notFound.title": "Page not found",
  "notFound.text": "There is no such page.",

  // /handler/sign-in.
  "signIn.title": "Sign in",
  "signIn.formTitle": "Sign in to your account",
  "signIn.submit": "Sign In",
  "signIn.forgotPassword": "Forgot password?",
  "signIn.noMethod": "No sign-in method is enabled for this project.",
  "signIn.noAccount": "Don't have an account? {link}",
  "signIn.signUpLink": "Sign up",
  "signIn.withProvider": "Sign in with {provider}",
  "signIn.withPasskey": "Sign in with a passkey",
  "signIn.waitingForPasskey": "Waiting for your passkey...",

  // Sign-in with an e-mailed code (magic link).
  "magicLink.emailLabel": "Email for a sign-in code",
  "magicLink.send": "Email me a sign-in code",
  "magicLink.enterCode": "Please enter the 6-character code from the e-mail.",
  "magicLink.codeInvalid": "This code is not valid any more. Please check it or ask for a new one.",
  "magicLink.sent":
    "We have sent a sign-in link and code to {email}. Open the link, or type the code.",
  "magicLink.codeLabel": "Code from the e-mail",
  "magicLink.signInWithCode": "Sign in with code",
  "magicLink.useAnotherEmail": "Use another e-mail",
  "magicLinkCallback.title": "Signing in",
  "magicLinkCallback.status": "Signing you in...",

  // /handler/sign-up.
  "signUp.title": "Sign up",
  "signUp.formTitle": "Create a new account",
  "signUp.repeatPassword": "Repeat password",
  "signUp.submit": "Sign Up",
  "signUp.busy": "Signing up...",
  "signUp.haveAccount": "Already have an account? {link}",
  "signUp.passwordNotEnabled": "Signing up with a password is not enabled for this project.",
  "signUp.notEnabled":
    "Sign-up is not enabled for this project: accounts are created by its administrators.",

  // /handler/mfa.
  "mfa.title": "Two-factor authentication",
  "mfa.enterCode": "Please enter the 6-digit code from your app.",
  "mfa.wrongCode": "This code is not correct. Please try the current one.",
  "mfa.expired": "This sign-in has expired. Please sign in again.",
  "mfa.noAttempt": "There is no sign-in waiting for a second factor. Please sign in first.",
  "mfa.instructions": "Enter the 6-digit code from your authenticator app.",
  "mfa.codeLabel": "Code",
  "mfa.busy": "Verifying...",
  "mfa.submit": "Verify",

  // /handler/oauth-callback.
  "oauthCallback.title": "Signing in",
  "oauthCallback.status": "Finishing your sign-in...",
  "oauthCallback.nothingToFinish": "There is no sign-in to finish here. Please sign in again.",

  // /handler/email-verification.
  "emailVerification.title": "Verify your e-mail",
  "emailVerification.status": "Verifying your e-mail...",
  "emailVerification.verifiedTitle": "E-mail verified",
  "emailVerification.verified": "Your e-mail address has been verified.",
  "emailVerification.newLink": "You can send a new link from {link}.",
  "emailVerification.accountSettingsLink": "your account settings",

  // /handler/forgot-password.
  "forgotPassword.title": "Reset your password",
  "forgotPassword.instructions":
    "Enter the e-mail address of your account and we will send you a reset link.",
  "forgotPassword.submit": "Send reset link",
  "forgotPassword.sentTitle": "Check your e-mail",
  "forgotPassword.sent":
    "If an account signs in with {email}, we have sent it a link to reset the password.",

  // /handler/password-reset.
  "passwordReset.checking": "Checking your link...",
  "passwordReset.requestNewLink": "Request a new reset link",
  "passwordReset.doneTitle": "Password reset",
  "passwordReset.done": "Your password has been reset. You can now sign in with it.",
  "passwordReset.formTitle": "Set a new password",
  "passwordReset.newPassword": "New password",
  "passwordReset.repeatNewPassword": "Repeat new password",
  "passwordReset.busy": "Resetting...",
  "passwordReset.submit": "Reset password",

  // /handler/team-invitation.
  "teamInvitation.title": "Team invitation",
  "teamInvitation.notAvailable": "Team invitations are not available in this app.",
  "teamInvitation.signInFirst":
    "You have been invited to join a team. Please sign in to accept the invitation.",
  "teamInvitation.joined": "You have joined {team}.",
  "teamInvitation.loading": "Loading the invitation...",
  "teamInvitation.invited": "You have been invited to join {team}.",
  "teamInvitation.joining": "Joining...",
  "teamInvitation.join": "Join team",
  "teamInvitation.ignore": "Ignore the invitation",

  // /handler/account-settings.
  "account.title": "Account settings",
  "account.notLoaded": "Your account could not be loaded.",
  "account.redirecting": "Redirecting to sign in...",
  /** The issuer an authenticator app shows when the project's name is not known. */
  "account.defaultIssuer": "Account",

  "profile.title": "Profile",
  "profile.displayName": "Display name",
  "profile.save": "Save name",
  "profile.saved": "Your name has been saved.",

  "emails.title": "E-mails",
  "emails.primary": "Primary",
  "emails.verified": "Verified",
  "emails.notVerified": "Not verified",
  "emails.usedForSignIn": "Used for sign-in",
  "emails.notLoaded": "Your e-mails could not be loaded.",
  "emails.loading": "Loading your e-mails...",
  "emails.verificationSent": "A verification link has been sent to {email}.",
  "emails.nowPrimary": "{email} is now your primary e-mail.",
  "emails.removed": "{email} has been removed.",
  "emails.added": "{email} has been added. Verify it with the link we can send it.",
  "emails.sendVerification": "Send verification link",
  "emails.sendVerificationTo": "Send verification link to {email}",
  "emails.makePrimary": "Make primary",
  "emails.makePrimaryNamed": "Make primary: {email}",
  "emails.remove": "Remove",
  "emails.removeNamed": "Remove {email}",
  "emails.addLabel": "Add an e-mail",
  "emails.adding": "Adding...",
  "emails.add": "Add e-mail",

  "passwordSection.title": "Password",
  "passwordSection.enterCurrent": "Please enter your current password.",
  "passwordSection.changed": "Your password has been changed.",
  "passwordSection.set": "Your password has been set.",
  "passwordSection.currentWrong": "The current password is not correct.",
  "passwordSection.currentLabel": "Current password",
  "passwordSection.noPasswordYet": "Your account has no password yet. You can set one.",
  "passwordSection.change": "Change password",
  "passwordSection.setButton": "Set password",

  "passkey.title": "Passkey",
  "passkey.saved": "Your passkey has been saved. You can sign in with it now.",
  "passkey.notSaved": "The passkey could not be saved.",
  "passkey.enabled": "You can sign in with a passkey. A new one replaces it.",
  "passkey.disabled": "Sign in with your device's screen lock instead of a password.",
  "passkey.replace": "Replace passkey",
  "passkey.add": "Add a passkey",

  "mfaSection.turnedOff": "Two-factor authentication is off.",
  "mfaSection.turnedOn": "Two-factor authentication is on.",
  "mfaSection.wrongCode": "This is not the current code of the key. Please check your app.",
  "mfaSection.on": "On: signing in asks for a code from your authenticator app.",
  "mfaSection.off": "Off: signing in needs no code from an app.",
  "mfaSection.turnOff": "Turn off two-factor authentication",
  "mfaSection.turnOn": "Turn on two-factor authentication",
  "mfaSection.setUp":
    "Scan this QR code with your authenticator app, or add the key below by hand (or {link}), then enter the code it shows.",
  "mfaSection.openInApp": "open it in the app",
  "mfaSection.qrCodeAlt": "QR code of the key for your authenticator app",
  "mfaSection.key": "Key: {key}",
  "mfaSection.codeLabel": "Code from your app",
  "mfaSection.busy": "Turning on...",
  "mfaSection.confirm": "Confirm and turn on",

  "sessions.title": "Sessions",
  "sessions.notLoaded": "Your sessions could not be loaded.",
  "sessions.loading": "Loading your sessions...",
  "sessions.signedOut": "The session has been signed out.",
  "sessions.notSignedOut": "The session could not be signed out.",
  "sessions.describe": "Signed in {created}, last used {lastUsed}",
  "sessions.describeWithIp": "Signed in {created}, last used {lastUsed} from {ip}",
  "sessions.current": "(this session)",
  "sessions.signOut": "Sign out",
  "sessions.signOutNamed": "Sign out: {session}",

  "apiKeys.title": "API keys",
  "apiKeys.teamTitle": "API keys of {team}",
  "apiKeys.none": "You have no API keys.",
  "apiKeys.teamNone": "The team has no API keys.",
  "apiKeys.describe": "{description} (ending {lastFour}, {state})",
  "apiKeys.revoked": "revoked",
  "apiKeys.expired": "expired",
  "apiKeys.expires": "expires {date}",
  "apiKeys.neverExpires": "never expires",
  "apiKeys.newKey": "Your new key (copy it now: it is shown only once):",
  "apiKeys.copy": "Copy key",
  "apiKeys.copied": "Copied to the clipboard.",
  "apiKeys.copyFailed": "The key could not be copied here: please select it and copy it yourself.",
  "apiKeys.notLoaded": "The API keys could not be loaded.",
  "apiKeys.loading": "Loading the API keys...",
  "apiKeys.describeRequired": "Please describe what the key is for.",
  "apiKeys.daysInvalid": "Please enter a whole number of days from 1 to 3650, or leave it empty.",
  "apiKeys.notRevoked": "The key could not be revoked.",
  "apiKeys.revoke": "Revoke",
  "apiKeys.revokeNamed": "Revoke {description}",
  "apiKeys.descriptionLabel": "Key description",
  "apiKeys.daysLabel": "Expires after (days)",
  "apiKeys.daysHint": "Leave empty for a key that never expires.",
  "apiKeys.create": "Create API key",

  "teams.title": "Teams",
  "teams.notLoaded": "Your teams could not be loaded.",
  "teams.loading": "Loading your teams...",
  "teams.none": "You are in no team.",
  "teams.left": "You have left {team}.",
  "teams.notLeft": "The team could not be left.",
  "teams.selected": "{team} is now your current team.",
  "teams.notSelected": "The current team could not be changed.",
  "teams.deleted": "{team} has been deleted.",
  "teams.created": "{team} has been created.",
  "teams.enterName": "Please enter the team's name.",
  "teams.newTeamName": "New team name",
  "teams.create": "Create team",
  "teams.currentMark": "(current team)",
  "teams.select": "Select",
  "teams.selectNamed": "Select {team} as your current team",
  "teams.manage": "Manage",
  "teams.manageNamed": "Manage {team}",
  "teams.leave": "Leave",
  "teams.leaveNamed": "Leave {team}",
  "teams.loadingPermissions": "Loading what you can do in {team}...",
  "teams.permissionsNotLoaded": "Your permissions could not be loaded.",

  "teamProfile.title": "Your profile in {team}",
  "teamProfile.notLoaded": "Your profile in the team could not be loaded.",
  "teamProfile.loading": "Loading your profile in the team...",
  "teamProfile.saved": "Your name in {team} has been saved.",
  "teamProfile.nameLabel": "Your name in this team",
  "teamProfile.nameHint": "Left empty, the team shows your account's name.",
  "teamProfile.save": "Save name in team",

  "teamRename.renamed": "The team is now called {name}.",
  "teamRename.nameLabel": "Team name",
  "teamRename.busy": "Renaming...",
  "teamRename.submit": "Rename team",

  "teamMembers.title": "Members of {team}",
  "teamMembers.unnamed": "Unnamed member",
  "teamMembers.notLoaded": "The members could not be loaded.",
  "teamMembers.loading": "Loading the members...",
  "teamMembers.removed": "{member} has been removed from {team}.",
  "teamMembers.notRemoved": "The member could not be removed.",
  "teamMembers.you": "(you)",
  "teamMembers.remove": "Remove",
  "teamMembers.removeNamed": "Remove {member} from {team}",
  "teamMembers.removing": "Removing...",

  "teamInvitations.title": "Invitations to {team}",
  "teamInvitations.inviteLabel": "Invite to {team} (e-mail)",
  "teamInvitations.inviting": "Inviting...",
  "teamInvitations.send": "Send invitation",
  "teamInvitations.describe": "{email} (expires {date})",
  "teamInvitations.unknownAddress": "Unknown address",
  "teamInvitations.notLoaded": "The invitations could not be loaded.",
  "teamInvitations.loading": "Loading the invitations...",
  "teamInvitations.none": "No invitation is waiting for an answer.",
  "teamInvitations.revoked": "The invitation to {email} has been revoked.",
  "teamInvitations.revokedUnknown": "The invitation to that address has been revoked.",
  "teamInvitations.notRevoked": "The invitation could not be revoked.",
  "teamInvitations.sent": "An invitation has been sent to {email}.",
  "teamInvitations.revoke": "Revoke",
  "teamInvitations.revokeNamed": "Revoke the invitation to {email}",
  "teamInvitations.revokeUnknown": "Revoke the invitation to this address",
  "teamInvitations.revoking": "Revoking...",

  "teamDelete.delete": "Delete",
  "teamDelete.deleteNamed": "Delete {team}",
  "teamDelete.question":
    "Delete {team} for every member? Its invitations and API keys go with it. This cannot be undone.",
  "teamDelete.confirm": "Yes, delete {team}",
  "teamDelete.deleting": "Deleting...",
  "teamDelete.failed": "The team could not be deleted.",

  // The server's known errors the pages can meet (spec section 8), and failures on the way.
  "error.generic": "Something went wrong. Please try again.",
  "error.network":
    "The server could not be reached. Please check your internet connection and try again.",
  "error.offline": "You are offline. Please check your internet connection and try again.",
  "error.EMAIL_PASSWORD_MISMATCH": "Wrong e-mail or password.",
  "error.USER_EMAIL_ALREADY_EXISTS": "A user with the e-mail {email} already exists.",
  "error.USER_EMAIL_ALREADY_EXISTS_UNVERIFIED":
    "A user with the e-mail {email} already exists, but the e-mail is not verified. Please sign in with the method you used to sign up, then verify the e-mail to sign in this way.",
  "error.CONTACT_CHANNEL_ALREADY_USED":
    "The e-mail {email} is already used for signing in by another account.",
  "error.CONTACT_CHANNEL_ALREADY_USED_NO_VALUE":
    "This e-mail is already used for signing in by another account.",
  "error.EMAIL_NOT_VERIFIED": "The e-mail is not verified.",
  "error.EMAIL_ALREADY_VERIFIED": "The e-mail is already verified.",
  "error.EMAIL_IS_NOT_PRIMARY_EMAIL": "This e-mail is not your primary e-mail.",
  "error.EMAIL_NOT_ASSOCIATED_WITH_USER":
    "The e-mail is not associated with a user that could sign in with that e-mail.",
  "error.USER_NOT_FOUND": "User not found.",
  "error.USER_DOES_NOT_HAVE_PASSWORD": "This user does not have password authentication enabled.",
  "error.PASSWORD_REQUIREMENTS_NOT_MET": "The password does not meet the requirements.",
  "error.PASSWORD_CONFIRMATION_MISMATCH": "Passwords do not match.",
  "error.SIGN_UP_NOT_ENABLED":
    "Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.",
  "error.SIGN_UP_REJECTED": "Your sign-up was rejected.",
  "error.BOT_CHALLENGE": "The sign-up could not be confirmed as coming from a person.",
  "error.PASSWORD_AUTHENTICATION_NOT_ENABLED":
    "Password authentication is not enabled for this project.",
  "error.PASSKEY_AUTHENTICATION_NOT_ENABLED":
    "Passkey authentication is not enabled for this project.",
  "error.PASSKEY_FAILED": "The passkey could not be used. Please try again.",
  "error.REDIRECT_URL_NOT_WHITELISTED":
    "This site's address is not among the project's trusted domains.",
  "error.VERIFICATION_CODE_NOT_FOUND": "The code is not valid.",
  "error.VERIFICATION_CODE_EXPIRED": "The code has expired.",
  "error.VERIFICATION_CODE_ALREADY_USED": "The code has already been used.",
  "error.VERIFICATION_CODE_MAX_ATTEMPTS_REACHED":
    "The code was tried too many times. Please ask for a new one.",
  "error.INVALID_TOTP_CODE": "The TOTP code is invalid. Please try again.",
  "error.SESSION_EXPIRED": "Your session has expired. Please sign in again.",
  "error.CANNOT_DELETE_CURRENT_SESSION": "Cannot delete the current session.",
  "error.RESTRICTED_USER": "Your account is restricted and cannot do this yet.",
  "error.TEAM_INVITATION_RESTRICTED_USER":
    "Restricted users cannot accept team invitations. Please complete the onboarding process before accepting team invitations.",
  "error.TEAM_INVITATION_EMAIL_MISMATCH":
    "This team invitation was sent to a different email address. Sign in with the invited email, or add and verify that email on your account, then try again.",
  "error.TEAM_NOT_FOUND": "The team was not found.",
  "error.TEAM_MEMBERSHIP_NOT_FOUND": "The member is not in this team.",
  "error.TEAM_MEMBERSHIP_ALREADY_EXISTS": "Team membership already exists.",
  "error.TEAM_PERMISSION_REQUIRED": "You do not have the permission to do this in the team.",
  "error.API_KEY_NOT_FOUND": "API key not found.",
  "error.API_KEY_EXPIRED": "API key has expired.",
  "error.API_KEY_REVOKED": "API key has been revoked.",
  "error.OUTER_OAUTH_TIMEOUT": "The OAuth flow has timed out. Please sign in again.",
  "error.OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED":
    "The OAuth provider is not found or not enabled.",
  "error.OAUTH_PROVIDER_ACCESS_DENIED": "The OAuth provider denied access to the user.",
  "error.OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE":
    "The OAuth provider is temporarily unavailable. Please try signing in again.",
  "error.INVALID_AUTHORIZATION_CODE": "The given authorization code is invalid.",
  "error.INVALID_APPLE_CREDENTIALS":
    "The Apple Sign In credentials could not be verified. Please try signing in again.",
  "error.OAUTH_ACCOUNT_ALREADY_CONNECTED":
    "This account of the provider is already connected to another user.",
} as const;

/** The keys of the handler pages' texts. */
export type MessageKey = keyof typeof en;
