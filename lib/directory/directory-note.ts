/**
 * What a SCIM request sent that could not be used, kept in the provisioning log and shown to the company's admins in
 * their language (messages `directory.log.notes.<kind>`): the person is provisioned without it, never refused — Entra
 * would retry a refused user for ever, and the person would get no alerts at all.
 */
export type DirectoryNote =
  /** The mobile number does not parse in the company's default country (e.g. "312-320-1707" in Norway, "n/a"). */
  | { kind: 'mobileNotValid'; value: string; country: string }
  /** The mobile number's country code is not one the product sends to. */
  | { kind: 'mobileDialCodeNotSupported'; value: string }
  /** Another account has the mobile number already (a shared phone): the person has none. */
  | { kind: 'mobileTaken'; value: string }
  /** The sign-in e-mail could not change to the new address: another account has it. The person keeps `kept`. */
  | { kind: 'emailTaken'; value: string; kept: string };
