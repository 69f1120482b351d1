// What the account pages and better-auth's hooks say, word for word as in the spec.

export const AUTH_MESSAGES = {
  signUpSuccess: "Account created successfully! Please sign in.",
  signUpFailed: "Failed to create account. Please try again.",
  /** The title over the server's own reason, when there is one (the spec's "shows the server message"). */
  signUpFailedTitle: "Failed to sign up",
  signInFailedTitle: "Failed to sign in",
  signInSuccess: "Signed in successfully!",
  signInFailed: "Failed to sign in. Please check your credentials.",
  signOutFailed: "Failed to sign out",
  resetLinkSent: "Password reset link sent to your email!",
  resetLinkFailed: "Failed to send reset link",
  passwordUpdated: "Password updated successfully! Please sign in with your new password.",
  resetFailed: "Failed to reset password",
  invalidRecoveryLink: "Invalid or expired recovery link",
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
} as const;
