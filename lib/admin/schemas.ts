import { z } from "zod";

const identifier = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(64, "must be at most 64 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "may contain only letters, digits, '.', '_' and '-', starting with a letter or digit");

export const provisionCustomerSchema = z.strictObject({
  customer_id: identifier,
  plan: z.string().trim().min(1, "must not be empty"),
  quota: z.number().int("must be an integer").min(0, "must be >= 0").max(100_000_000).nullish(),
  company_id: identifier.nullish(),
});
export type ProvisionCustomerInput = z.infer<typeof provisionCustomerSchema>;

export const provisionedCustomerSchema = z.object({
  customer_id: z.string(),
  company_id: z.string().nullable(),
  plan: z.string(),
  quota: z.number().int(),
  api_key: z.string().describe("Shown once; only its hash is stored."),
});

export const createUserSchema = z
  .strictObject({
    email: z.email("must be an email address").max(254).transform((value) => value.toLowerCase()),
    password: z.string().min(8, "must be at least 8 characters").max(200, "must be at most 200 characters"),
    customer_id: identifier.nullish(),
    company_id: identifier.nullish(),
  })
  .refine((value) => Boolean(value.customer_id) !== Boolean(value.company_id), {
    message: "give exactly one of customer_id or company_id",
    path: ["customer_id"],
  });
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const createdUserSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  customer_id: z.string().nullable(),
  company_id: z.string().nullable(),
});
