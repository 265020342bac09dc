import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { CONTROL_BORDER, CONTROL_CLASS, ERROR_CLASS, LABEL_CLASS, submitClass } from "./form-classes";

interface Common {
  id: string;
  label: string;
  /** The message shown under the field, announced with it; none while the field is valid. */
  error?: string | undefined;
  /** Shows the required mark (the native `required` attribute is set separately). */
  markRequired?: boolean | undefined;
}

interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
}

/** Label, control and error message wired together (aria-invalid, aria-describedby). */
function Field({ id, label, error, markRequired, children }: Common & { children: (a11y: ControlProps) => ReactNode }) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
        {markRequired && <span aria-hidden="true"> *</span>}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
        className: `${CONTROL_CLASS} ${error ? CONTROL_BORDER.invalid : CONTROL_BORDER.valid}`,
      })}
      {error && (
        <p id={errorId} className={ERROR_CLASS}>
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  id,
  label,
  error,
  markRequired,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={id} label={label} error={error} markRequired={markRequired}>
      {(a11y) => <input {...input} {...a11y} />}
    </Field>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  markRequired,
  ...textarea
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field id={id} label={label} error={error} markRequired={markRequired}>
      {(a11y) => <textarea {...textarea} {...a11y} className={`${a11y.className} resize-y`} />}
    </Field>
  );
}

/** The forms' one submit button: disabled, with its busy label, while the form is sending. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  fullWidth = false,
  disabled = false,
  describedBy,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  /** Full width at every size (a narrow card); otherwise full width on phones only. */
  fullWidth?: boolean;
  /** Unusable for another reason than sending (say why in the element `describedBy` names). */
  disabled?: boolean;
  describedBy?: string | undefined;
}) {
  return (
    <button type="submit" disabled={busy || disabled} aria-describedby={describedBy} className={submitClass(fullWidth)}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** One text input of a form, described once: its name, label, input type and autocomplete token. */
export interface FieldSpec<N extends string> {
  name: N;
  label: string;
  type: string;
  autoComplete: string;
  required?: boolean;
  maxLength?: number;
}

/** A form's text inputs in order, each wired to its value, error and change handler. */
export function TextFields<N extends string>({
  idPrefix,
  fields,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  fields: readonly FieldSpec<N>[];
  values: Record<N, string>;
  errors: Partial<Record<N, string>>;
  onChange: (name: N, value: string) => void;
}) {
  return fields.map((field) => (
    <TextField
      key={field.name}
      id={`${idPrefix}-${field.name}`}
      label={field.label}
      error={errors[field.name]}
      markRequired={field.required}
      name={field.name}
      type={field.type}
      autoComplete={field.autoComplete}
      required={field.required}
      maxLength={field.maxLength}
      value={values[field.name]}
      onChange={(e) => onChange(field.name, e.target.value)}
    />
  ));
}
