// The `zipcodes` package ships no types; only the two look-ups the demo data uses are declared.
declare module "zipcodes" {
  interface ZipCodeInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    lookupByName(city: string, state: string): ZipCodeInfo[];
    lookupByState(state: string): ZipCodeInfo[];
  };
  export = zipcodes;
}
