// Password lengths: customers at least 8, admins at least 12 (PCI DSS 8.3.6),
// everyone at most 128 so that hashing cost stays bounded.
export const customerPasswordLengthMin = 8;
export const adminPasswordLengthMin = 12;
export const passwordLengthMax = 128;
