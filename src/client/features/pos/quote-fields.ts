/** A quote's customer and vehicle fields as typed, all empty: a new quote starts with them. */
export const EMPTY_QUOTE_FIELDS = {
  customerName: '',
  customerEmail: '',
  customerPhone: '',
  vehicleYear: '',
  vehicleMake: '',
  vehicleModel: '',
  vehicleVin: '',
  vehicleMileage: '',
  notes: '',
};

export type QuoteFields = typeof EMPTY_QUOTE_FIELDS;
