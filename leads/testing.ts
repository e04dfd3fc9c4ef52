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
