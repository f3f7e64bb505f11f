/**
 * Country calling codes the product sends SMS and calls to (the Nordics, Europe and North America). A phone number with
 * another dial code is refused with "dial code not allowed" (spec §5, §8).
 */
export const SUPPORTED_DIAL_CODES = [
  '+47', '+46', '+45', '+358', '+354', '+298', '+299',
  '+44', '+353', '+49', '+31', '+32', '+352', '+33', '+41', '+43', '+34', '+351', '+39', '+48', '+420', '+421',
  '+36', '+40', '+359', '+30', '+385', '+386', '+372', '+371', '+370', '+356', '+357', '+1',
] as const;
