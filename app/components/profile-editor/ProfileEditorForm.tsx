import { useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/Alert";
import { Button, buttonClass } from "~/components/ui/Button";
import { CheckboxField, FieldError, Fieldset, Options, SelectField, TextAreaField, TextField } from "~/components/ui/Field";
import type { Audience } from "~/lib/audience";
import { AUDIENCE_FOLLOWED_FLAG } from "~/lib/audience-rules";
import { BIO_MIN_LENGTH, CATEGORIES, TRAVEL_RANGES } from "~/lib/constants";
import { formInput } from "~/lib/form";
import {
  PROFILE_FIELDS,
  PROFILE_FLAGS,
  SOCIAL_PLATFORMS,
  profileSchema,
  validateProfile,
  type ProfileErrors,
  type ProfileField,
  type ProfileFormValues,
  type SocialPlatform,
} from "~/lib/profile-schema";
import { AudienceField, audienceInputId } from "./AudienceField";
import { CharacterFields, characterInputId } from "./CharacterFields";
import { LocationFields } from "./LocationFields";
import { TrademarkHint } from "./TrademarkHint";
import { useHydrated } from "~/components/ui/useHydrated";
import { OFFER_FIELD_ORDER, offerSchema, packageField, PACKAGE_PARTS, validateOffer, type OfferErrors, type OfferField, type OfferFormValues } from "~/lib/package-schema";
import type { PackageSlot } from "~/lib/package-rules";
import { offerInputId, PackagesSection } from "./PackagesSection";

interface ProfileEditorFormProps {
  values: ProfileFormValues;
  /** The Packages section's values. */
  offer: OfferFormValues;
  /** Messages the server returned for the last post, by field. */
  serverErrors: ProfileErrors & OfferErrors;
  /** A save that failed for reasons other than the input. */
  formError: string | null;
  cancelTo: string;
}

// The field table is in document order, so the first field with a problem is the one that gets focus.
const FIELD_ORDER: readonly ProfileField[] = PROFILE_FIELDS.map((field) => field.name);

/** The stage name's trademark note, which the name box lists among its descriptions. */
const NAME_TRADEMARK_ID = "profile-displayName-trademark";

/** What the travel range does, said where it is chosen: "Local only", the default, is found by few. */
const TRAVEL_RANGE_HINT = "Families in towns within this distance find you; most party performers choose 25–50 miles.";

function fieldId(field: ProfileField): string {
  if (field === "categories") return "profile-category-0";
  if (field === "characters") return characterInputId(0);
  if (field === "audience") return audienceInputId("profile-audience");
  return `profile-${field}`;
}

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="scroll-mt-20 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-700">{description}</p> : null}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** Only the profile's own fields: the Packages section's messages are kept apart. */
function profileErrorsOf(errors: ProfileErrors & OfferErrors): ProfileErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => FIELD_ORDER.includes(field as ProfileField))) as ProfileErrors;
}
function offerErrorsOf(errors: ProfileErrors & OfferErrors): OfferErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => OFFER_FIELD_ORDER.includes(field as OfferField))) as OfferErrors;
}

export function ProfileEditorForm({ values, offer, serverErrors: allServerErrors, formError, cancelTo }: ProfileEditorFormProps) {
  const serverErrors = profileErrorsOf(allServerErrors);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);

  const [errors, setErrors] = useState<ProfileErrors>(serverErrors);
  const [offerErrors, setOfferErrors] = useState<OfferErrors>(() => offerErrorsOf(allServerErrors));
  const [seenServerErrors, setSeenServerErrors] = useState(allServerErrors);
  if (seenServerErrors !== allServerErrors) {
    setSeenServerErrors(allServerErrors);
    setErrors(serverErrors);
    setOfferErrors(offerErrorsOf(allServerErrors));
  }

  const [state, setState] = useState(values.state);
  const [city, setCity] = useState(values.city);
  const [bioLength, setBioLength] = useState(values.bio.trim().length);
  const [displayName, setDisplayName] = useState(values.displayName);
  const [categories, setCategories] = useState<string[]>(values.categories);

  // The action's redirect keeps formData set until the next page arrives, so "Saving..." stays up.
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const saveDisabled = hydrated && (saving || categories.length === 0);

  function currentValues(): ProfileFormValues | null {
    return formRef.current ? formInput(profileSchema, new FormData(formRef.current)) : null;
  }

  /** Re-checks one field against the schema and shows or clears its message. */
  function revalidate(field: ProfileField, override?: Partial<ProfileFormValues>) {
    const current = currentValues();
    if (!current) return;
    const result = validateProfile({ ...current, ...override });
    const message = result.ok ? undefined : result.errors[field];
    setErrors((prev) => {
      if (prev[field] === message) return prev;
      const next = { ...prev };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });
  }

  /** While a field shows an error, typing re-checks it so the message goes as soon as it is fixed. */
  function recheckIfShown(field: ProfileField, override?: Partial<ProfileFormValues>) {
    if (errors[field]) revalidate(field, override);
  }

  function currentOffer(): OfferFormValues | null {
    return formRef.current ? formInput(offerSchema, new FormData(formRef.current)) : null;
  }

  /** Re-checks one field of the Packages section and shows or clears its message. */
  function revalidateOffer(field: OfferField) {
    const current = currentOffer();
    if (!current) return;
    const result = validateOffer(current);
    const message = result.ok ? undefined : result.errors[field];
    setOfferErrors((prev) => {
      if (prev[field] === message) return prev;
      const next = { ...prev };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });
  }

  function forgetSlotErrors(slot: PackageSlot) {
    setOfferErrors((prev) => {
      const next = { ...prev };
      for (const part of PACKAGE_PARTS) delete next[packageField(slot, part)];
      return next;
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const current = currentValues();
    const currentOfferValues = currentOffer();
    if (!current || !currentOfferValues) return;
    const result = validateProfile(current);
    const offerResult = validateOffer(currentOfferValues);
    if (result.ok && offerResult.ok) return;
    event.preventDefault();
    setErrors(result.ok ? {} : result.errors);
    setOfferErrors(offerResult.ok ? {} : offerResult.errors);
    const first = result.ok ? undefined : FIELD_ORDER.find((f) => result.errors[f]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    const firstOffer = offerResult.ok ? undefined : OFFER_FIELD_ORDER.find((f) => offerResult.errors[f]);
    if (firstOffer) document.getElementById(offerInputId(firstOffer))?.focus();
  }

  function onStateChange(next: string) {
    setState(next);
    // A city belongs to one state: a new state means choosing the city again.
    setCity("");
    recheckIfShown("state", { state: next, city: "" });
  }

  /** A new answer may settle or raise a contradiction with the categories and the adult-themes box. */
  function onAudienceChange(audience: Audience) {
    revalidate("audience", { audience });
    if (errors.categories || categories.length > 0) revalidate("categories", { audience });
    revalidate("adultThemesOk", { audience });
  }

  function toggleCategory(category: string, checked: boolean) {
    const next = checked ? [...categories, category] : categories.filter((c) => c !== category);
    setCategories(next);
    revalidate("categories", { categories: next });
  }

  const text = (field: Exclude<keyof ProfileFormValues, "categories" | "characters">) => ({
    id: `profile-${field}`,
    name: field,
    defaultValue: String(values[field]),
    error: errors[field as ProfileField],
    onBlur: () => revalidate(field as ProfileField),
    onChange: () => recheckIfShown(field as ProfileField),
  });

  const bioShort = bioLength < BIO_MIN_LENGTH;
  const needsCategory = hydrated && categories.length === 0;

  function focusCategories(event: MouseEvent<HTMLAnchorElement>) {
    const first = document.getElementById(fieldId("categories"));
    if (!first) return;
    event.preventDefault();
    document.getElementById("section-categories")?.scrollIntoView({ block: "start" });
    first.focus({ preventScroll: true });
  }

  return (
    <Form method="post" ref={formRef} noValidate onSubmit={onSubmit} className="space-y-6">
      {formError ? <Alert tone="error">{formError}</Alert> : null}

      <Section id="section-basic" title="Basic Information">
        <div>
          <TextField
            {...text("displayName")}
            label="Display Name"
            required
            autoComplete="nickname"
            maxLength={100}
            onChange={(event) => {
              setDisplayName(event.target.value);
              recheckIfShown("displayName");
            }}
            aria-describedby={[errors.displayName ? "profile-displayName-error" : null, NAME_TRADEMARK_ID].filter(Boolean).join(" ")}
          />
          <TrademarkHint
            id={NAME_TRADEMARK_ID}
            text={displayName}
            inputId="profile-displayName"
            hydrated={hydrated}
            kind="name"
            onReplaced={(value) => {
              setDisplayName(value);
              recheckIfShown("displayName");
            }}
          />
        </div>
        <TextField
          {...text("contactEmail")}
          type="email"
          label="Contact Email"
          required
          autoComplete="email"
          hint="Inquiries from your profile are sent here. It is never shown to visitors."
        />
        <TextAreaField
          {...text("bio")}
          label="Bio"
          required
          rows={5}
          maxLength={5000}
          onChange={(e) => {
            setBioLength(e.target.value.trim().length);
            recheckIfShown("bio");
          }}
          hint={
            <span className={bioShort ? "text-slate-700" : "text-green-800"}>
              {bioShort
                ? `${bioLength} / ${BIO_MIN_LENGTH} characters minimum`
                : `${bioLength} characters (minimum ${BIO_MIN_LENGTH} reached)`}
            </span>
          }
        />
        <AudienceField idPrefix="profile-audience" value={values.audience} error={errors.audience} onChange={onAudienceChange} />
      </Section>

      <Section
        id="section-characters"
        title="Characters"
        description="Parents search for the characters their child loves. List the ones you perform, so they find you."
      >
        <CharacterFields
          values={values.characters}
          error={errors.characters}
          hydrated={hydrated}
          onBlur={() => revalidate("characters")}
          onEdit={() => recheckIfShown("characters")}
        />
      </Section>

      <Section id="section-location" title="Location">
        <LocationFields
          state={state}
          city={city}
          hydrated={hydrated}
          errors={{ state: errors.state, city: errors.city }}
          onStateChange={onStateChange}
          onCityChange={(next) => {
            setCity(next);
            recheckIfShown("city", { city: next });
          }}
          // Leaving the city does not clear its message: the server's "we couldn't find it" is not
          // one the browser can re-check (it lacks the state's full list); changing the city does.
          onBlur={(field) => (field === "city" && errors.city ? undefined : revalidate(field))}
        />
      </Section>

      <Section id="section-travel" title="Travel & Availability">
        <SelectField {...text("travelRadius")} label="Travel Range" hint={TRAVEL_RANGE_HINT}>
          <Options items={TRAVEL_RANGES} />
        </SelectField>
        <div className="grid gap-3 sm:grid-cols-2">
          {PROFILE_FLAGS.filter((f) => f.section === "travel").map((flag) => (
            <CheckboxField key={flag.name} id={`profile-${flag.name}`} name={flag.name} label={flag.label} defaultChecked={values[flag.name]} />
          ))}
        </div>
      </Section>

      <Section id="section-performance" title="Performance Details">
        <div className="grid gap-3 sm:grid-cols-2">
          {/* Family-friendly follows "Who are your shows for?" and is not asked again here. */}
          {PROFILE_FLAGS.filter((f) => f.section === "performance" && f.name !== AUDIENCE_FOLLOWED_FLAG).map((flag) =>
            flag.name === "adultThemesOk" ? (
              <div key={flag.name} className="space-y-1">
                <CheckboxField
                  id="profile-adultThemesOk"
                  name={flag.name}
                  label={flag.label}
                  description="Only for Adults only (18+) shows"
                  defaultChecked={values[flag.name]}
                  aria-invalid={errors.adultThemesOk ? true : undefined}
                  aria-describedby={errors.adultThemesOk ? "profile-adultThemesOk-desc profile-adultThemesOk-error" : "profile-adultThemesOk-desc"}
                  onChange={() => revalidate("adultThemesOk")}
                />
                <FieldError id="profile-adultThemesOk" error={errors.adultThemesOk} />
              </div>
            ) : (
              <CheckboxField key={flag.name} id={`profile-${flag.name}`} name={flag.name} label={flag.label} defaultChecked={values[flag.name]} />
            ),
          )}
        </div>
      </Section>

      <Section id="section-pricing" title="Pricing" description="Your hourly rate in whole US dollars. Leave both empty to discuss rates directly.">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...text("priceMin")}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            label="Minimum Price per Hour ($)"
            // The order of the two prices is reported on the maximum: re-check it when the minimum moves.
            onBlur={() => {
              revalidate("priceMin");
              if (errors.priceMax || currentValues()?.priceMax.trim()) revalidate("priceMax");
            }}
            onChange={() => {
              recheckIfShown("priceMin");
              recheckIfShown("priceMax");
            }}
          />
          <TextField {...text("priceMax")} type="number" inputMode="numeric" min={0} step={1} label="Maximum Price per Hour ($)" />
        </div>
      </Section>

      <Section
        id="section-packages"
        title="Packages"
        description="Up to three fixed-price visits parents can compare at a glance. Cards show your cheapest one, and with a travel fee, what it costs delivered."
      >
        <PackagesSection
          values={offer}
          errors={offerErrors}
          hydrated={hydrated}
          onCheck={revalidateOffer}
          onEdit={(field) => {
            if (offerErrors[field]) revalidateOffer(field);
          }}
          onRemove={forgetSlotErrors}
        />
      </Section>

      <Section id="section-social" title="Social Media" description="Paste a profile link or type your username; only the username is kept.">
        <div className="grid gap-4 sm:grid-cols-2">
          {(Object.keys(SOCIAL_PLATFORMS) as SocialPlatform[]).map((platform) => (
            <TextField
              key={platform}
              {...text(platform)}
              label={SOCIAL_PLATFORMS[platform].label}
              placeholder="@username"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
          ))}
        </div>
      </Section>

      <Section id="section-categories" title="Categories">
        <Fieldset legend="Choose every category that fits your performances" error={errors.categories} id="profile-categories">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {CATEGORIES.map((category, index) => (
              <CheckboxField
                key={category}
                id={`profile-category-${index}`}
                name="categories"
                value={category}
                label={category}
                checked={categories.includes(category)}
                onChange={(e) => toggleCategory(category, e.target.checked)}
              />
            ))}
          </div>
        </Fieldset>
      </Section>

      <div className="space-y-3 border-t border-slate-200 pt-6">
        {needsCategory ? (
          // Said beside the disabled button, where the performer is looking, with the way to fix it.
          <p id="save-hint" className="rounded-md border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm text-slate-900 sm:text-right">
            <a href="#section-categories" onClick={focusCategories} className="font-semibold text-brand-800 underline underline-offset-2">
              Choose at least one category
            </a>{" "}
            to save.
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
          <Link to={cancelTo} className={buttonClass("secondary", "lg")}>
            Cancel
          </Link>
          <Button type="submit" size="lg" disabled={saveDisabled} aria-describedby={needsCategory ? "save-hint" : undefined}>
            {saving ? "Saving..." : "Save Profile"}
          </Button>
        </div>
      </div>
    </Form>
  );
}
