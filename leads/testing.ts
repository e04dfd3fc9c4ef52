/** Samples for the tests of the forms' rules and of the forms themselves. */

/** A contact message with only the required fields filled in, as the contact form sends it. */
export const minimalContact = {
  firstName: "Ama",
  lastName: "Mensah",
  email: "ama@example.com",
  phone: "",
  message: "Hello",
  agreeToPolicy: true,
};

/**
 * A demo request's `formData` with only the required fields filled in, as the demo form sends it
 * (the optional ones empty strings, not left out).
 */
export const minimalDemoFormData = {
  name: "Kofi",
  email: "kofi@example.com",
  phone: "0550000000",
  company: "",
  jobTitle: "",
  industry: "",
};
