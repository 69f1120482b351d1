import { TextField } from "~/components/ui/Field";
import { PASSWORD_MIN_LENGTH } from "~/lib/constants";
import type { FieldErrors } from "~/lib/form";

/** An account page's fields are thumb-sized (44 px) on a phone. */
export const TAP_HEIGHT = "min-h-11";

/** The account's email address, as every account page asks for it. */
export function EmailField({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      defaultValue={defaultValue}
      className={TAP_HEIGHT}
      error={error}
      required
    />
  );
}

/** A new password and its confirmation (sign up, reset password). */
export function NewPasswordFields({ errors, labels }: { errors: FieldErrors; labels: readonly [password: string, confirm: string] }) {
  return (
    <>
      <TextField
        label={labels[0]}
        name="password"
        type="password"
        autoComplete="new-password"
        className={TAP_HEIGHT}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password}
        required
      />
      <TextField
        label={labels[1]}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        className={TAP_HEIGHT}
        error={errors.confirmPassword}
        required
      />
    </>
  );
}
