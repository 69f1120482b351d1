// The dashboard's "Check your travel range" item: the default range, "Local only", reaches few
// families, and a performer who never looked at it pays to be found by almost no one.

export const TRAVEL_RANGE_CHECK_LABEL = "Check your travel range";
/** The dashboard form that keeps "Local only" as a deliberate choice. */
export const KEEP_TRAVEL_RANGE_INTENT = "keep-travel-range";
export const TRAVEL_RANGE_SECTION = "/dashboard/edit-profile#section-travel";
export const TRAVEL_RANGE_KEPT = "Travel range kept: Local only (0–10 miles).";
