// The auth forms' rules and messages (docs/product.md, Validation rules). The browser validates
// with these before sending; the server validates the same body again with the same schema.
import { z } from "zod";
import { countryCodes } from "./countries.ts";
import { languageSchema } from "./language.ts";
import { adminPasswordLengthMin, customerPasswordLengthMin, passwordLengthMax } from "./password-policy.ts";

const emailMessage = "Please enter a valid email address";
const tooLong = `Password must be at most ${passwordLengthMax} characters`;

export const emailSchema = z
  .string({ error: emailMessage })
  .trim()
  .max(254, emailMessage)
  .pipe(z.email({ error: emailMessage }))
  .transform((email) => email.toLowerCase());

const customerPassword = z
  .string({ error: "Password is required" })
  .min(customerPasswordLengthMin, `Password must be at least ${customerPasswordLengthMin} characters`)
  .max(passwordLengthMax, tooLong);

export const adminPassword = z
  .string({ error: "Password is required" })
  .min(adminPasswordLengthMin, `Password must be at least ${adminPasswordLengthMin} characters`)
  .max(passwordLengthMax, tooLong);

export const usernameSchema = z
  .string({ error: "Username must be at least 3 characters" })
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(30, "Username must be at most 30 characters")
  .regex(/^[A-Za-z0-9._-]+$/, "Username may contain only letters, numbers, dots, hyphens and underscores");

export const countrySchema = z
  .string({ error: "Please select your country" })
  .refine((code) => countryCodes.has(code), "Please select your country");

// ---- sign in (/login)
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(passwordLengthMax, tooLong),
});
export type SignInInput = z.infer<typeof signInSchema>;

// ---- sign up (/signup). The wire body has no confirmation; the form adds it.
export const signUpBodySchema = z.object({
  email: emailSchema,
  password: customerPassword,
  username: usernameSchema,
  country: countrySchema,
  name: z.string().trim().max(100, "Name must be at most 100 characters").optional(),
  /** The language the page was shown in; absent, the server takes the browser's Accept-Language (decision 025). */
  language: languageSchema.optional(),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signUpFormSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    country: countrySchema,
    password: customerPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type SignUpForm = z.input<typeof signUpFormSchema>;

// ---- forgot and reset password (/forgot-password, /reset-password)
export const forgotPasswordSchema = z.object({ email: emailSchema });

export const requestPasswordResetBodySchema = z.object({
  email: emailSchema,
  redirectTo: z.string().max(2048).optional(),
});

/** The reset form also asks for an upper-case letter, a lower-case letter and a digit, on top of the length rule. */
export const newCustomerPasswordSchema = customerPassword
  .regex(/[A-Z]/, "Password must contain at least one uppercase letter")
  .regex(/[a-z]/, "Password must contain at least one lowercase letter")
  .regex(/[0-9]/, "Password must contain at least one number");

export const resetPasswordFormSchema = z
  .object({ password: newCustomerPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

export const resetPasswordBodySchema = z.object({
  newPassword: newCustomerPasswordSchema,
  token: z.string({ error: "Invalid or expired reset link." }).min(1, "Invalid or expired reset link.").max(512),
});

// ---- change password (the server checks the current one)
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: "Current password is required" })
    .min(1, "Current password is required")
    .max(passwordLengthMax, tooLong),
  newPassword: z
    .string({ error: `New password must be at least ${customerPasswordLengthMin} characters` })
    .min(customerPasswordLengthMin, `New password must be at least ${customerPasswordLengthMin} characters`)
    .max(passwordLengthMax, tooLong),
  revokeOtherSessions: z.boolean().optional(),
});

/** An admin's change-password form (Settings): the admin length, and the confirmation must match. */
export const adminChangePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, "Current password is required").max(passwordLengthMax),
    newPassword: z
      .string()
      .min(adminPasswordLengthMin, `New password must be at least ${adminPasswordLengthMin} characters`)
      .max(passwordLengthMax, `Password must be at most ${passwordLengthMax} characters`),
    confirmPassword: z.string().min(adminPasswordLengthMin, `Confirm password must be at least ${adminPasswordLengthMin} characters`),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });

// ---- admin login (/admin/login)
export const adminSignInSchema = z.object({
  email: z
    .string({ error: "Invalid email format" })
    .trim()
    .pipe(z.email({ error: "Invalid email format" }))
    .transform((email) => email.toLowerCase()),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(passwordLengthMax, tooLong),
});

// ---- first admin (/make-admin)
export const firstAdminBodySchema = z.object({ email: emailSchema, password: adminPassword });

export const firstAdminFormSchema = z
  .object({ email: emailSchema, password: adminPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
