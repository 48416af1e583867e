/** Spec §3 "Customer info": the customer's personal details. */
export interface CustomerDetails {
  readonly fullLegalName: string;
}
