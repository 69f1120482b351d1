// The 50 US states with their major cities and coordinates, copied from shared/data/us-states.json.
// A TypeScript module rather than JSON so every loader (Vite, tsx, Playwright) can import it alike.
export interface CityData {
  name: string;
  lat: number;
  lon: number;
}
export interface StateData {
  name: string;
  abbreviation: string;
  cities: CityData[];
}

export const STATE_DATA: StateData[] = [
  {
    name: "Alabama",
    abbreviation: "AL",
    cities: [{ name: "Birmingham", lat: 33.5207, lon: -86.8254 }, { name: "Huntsville", lat: 34.734, lon: -86.5638 }, { name: "Mobile", lat: 30.6808, lon: -88.1019 }, { name: "Montgomery", lat: 32.3257, lon: -86.2421 }, { name: "Tuscaloosa", lat: 33.2199, lon: -87.5315 }],
  },
  {
    name: "Alaska",
    abbreviation: "AK",
    cities: [{ name: "Anchorage", lat: 61.19, lon: -149.8938 }, { name: "Fairbanks", lat: 64.8449, lon: -147.7164 }, { name: "Juneau", lat: 58.3019, lon: -134.4197 }, { name: "Sitka", lat: 57.0514, lon: -135.3166 }, { name: "Wasilla", lat: 61.5652, lon: -149.461 }],
  },
  {
    name: "Arizona",
    abbreviation: "AZ",
    cities: [{ name: "Phoenix", lat: 33.4484, lon: -112.074 }, { name: "Tucson", lat: 32.2217, lon: -110.9265 }, { name: "Mesa", lat: 33.4125, lon: -111.8057 }, { name: "Chandler", lat: 33.3077, lon: -111.8503 }, { name: "Scottsdale", lat: 33.5218, lon: -111.899 }, { name: "Gilbert", lat: 33.3354, lon: -111.7408 }, { name: "Glendale", lat: 33.5387, lon: -112.1818 }, { name: "Tempe", lat: 33.4007, lon: -111.9287 }],
  },
  {
    name: "Arkansas",
    abbreviation: "AR",
    cities: [{ name: "Little Rock", lat: 34.7519, lon: -92.3565 }, { name: "Fort Smith", lat: 35.3859, lon: -94.3985 }, { name: "Fayetteville", lat: 36.0752, lon: -94.1645 }, { name: "Springdale", lat: 36.178, lon: -94.1411 }, { name: "Jonesboro", lat: 35.8196, lon: -90.7002 }],
  },
  {
    name: "California",
    abbreviation: "CA",
    cities: [{ name: "Los Angeles", lat: 34.0522, lon: -118.2549 }, { name: "San Diego", lat: 32.7153, lon: -117.1573 }, { name: "San Jose", lat: 37.3293, lon: -121.8868 }, { name: "San Francisco", lat: 37.7749, lon: -122.4194 }, { name: "Fresno", lat: 36.7464, lon: -119.6397 }, { name: "Sacramento", lat: 38.5816, lon: -121.4944 }, { name: "Long Beach", lat: 33.7857, lon: -118.1892 }, { name: "Oakland", lat: 37.8044, lon: -122.254 }, { name: "Bakersfield", lat: 35.3157, lon: -118.993 }, { name: "Anaheim", lat: 33.8373, lon: -117.9132 }, { name: "Santa Ana", lat: 33.7493, lon: -117.8707 }, { name: "Riverside", lat: 33.9533, lon: -117.3962 }],
  },
  {
    name: "Colorado",
    abbreviation: "CO",
    cities: [{ name: "Denver", lat: 39.7392, lon: -104.9847 }, { name: "Colorado Springs", lat: 38.8339, lon: -104.817 }, { name: "Aurora", lat: 39.7294, lon: -104.7874 }, { name: "Fort Collins", lat: 40.5853, lon: -105.0844 }, { name: "Lakewood", lat: 39.7047, lon: -105.0814 }, { name: "Boulder", lat: 40.02, lon: -105.2618 }],
  },
  {
    name: "Connecticut",
    abbreviation: "CT",
    cities: [{ name: "Bridgeport", lat: 41.1796, lon: -73.2019 }, { name: "New Haven", lat: 41.3082, lon: -72.9282 }, { name: "Stamford", lat: 41.0534, lon: -73.5387 }, { name: "Hartford", lat: 41.7831, lon: -72.694 }, { name: "Waterbury", lat: 41.5582, lon: -73.0515 }],
  },
  {
    name: "Delaware",
    abbreviation: "DE",
    cities: [{ name: "Wilmington", lat: 39.7459, lon: -75.5481 }, { name: "Dover", lat: 39.157, lon: -75.5244 }, { name: "Newark", lat: 39.6349, lon: -75.597 }, { name: "Middletown", lat: 39.4815, lon: -75.6832 }, { name: "Smyrna", lat: 39.2934, lon: -75.6008 }],
  },
  {
    name: "Florida",
    abbreviation: "FL",
    cities: [{ name: "Jacksonville", lat: 30.3415, lon: -81.6831 }, { name: "Miami", lat: 25.7743, lon: -80.2064 }, { name: "Tampa", lat: 27.9382, lon: -82.4388 }, { name: "Orlando", lat: 28.5419, lon: -81.3288 }, { name: "St. Petersburg", lat: 27.8201, lon: -82.7243 }, { name: "Hialeah", lat: 25.8624, lon: -80.2934 }, { name: "Tallahassee", lat: 30.4565, lon: -84.2874 }, { name: "Fort Lauderdale", lat: 26.1223, lon: -80.181 }, { name: "Port St. Lucie", lat: 27.2914, lon: -80.3648 }, { name: "Cape Coral", lat: 26.6273, lon: -81.9589 }],
  },
  {
    name: "Georgia",
    abbreviation: "GA",
    cities: [{ name: "Atlanta", lat: 33.8444, lon: -84.3896 }, { name: "Augusta", lat: 33.4601, lon: -82.0852 }, { name: "Columbus", lat: 32.491, lon: -84.9377 }, { name: "Macon", lat: 32.8118, lon: -83.6572 }, { name: "Savannah", lat: 32.0093, lon: -81.0883 }, { name: "Athens", lat: 33.9452, lon: -83.3835 }, { name: "Sandy Springs", lat: 33.9304, lon: -84.3733 }],
  },
  {
    name: "Hawaii",
    abbreviation: "HI",
    cities: [{ name: "Honolulu", lat: 21.3062, lon: -157.8585 }, { name: "Pearl City", lat: 21.4084, lon: -157.9652 }, { name: "Hilo", lat: 19.7162, lon: -155.0923 }, { name: "Kailua", lat: 21.4063, lon: -157.7448 }, { name: "Waipahu", lat: 21.3982, lon: -158.0124 }],
  },
  {
    name: "Idaho",
    abbreviation: "ID",
    cities: [{ name: "Boise", lat: 43.5868, lon: -116.244 }, { name: "Nampa", lat: 43.5851, lon: -116.5848 }, { name: "Meridian", lat: 43.615, lon: -116.3975 }, { name: "Idaho Falls", lat: 43.4732, lon: -112.0341 }, { name: "Pocatello", lat: 42.8589, lon: -112.4408 }],
  },
  {
    name: "Illinois",
    abbreviation: "IL",
    cities: [{ name: "Chicago", lat: 41.85, lon: -87.6814 }, { name: "Aurora", lat: 41.7606, lon: -88.2793 }, { name: "Rockford", lat: 42.2854, lon: -89.0887 }, { name: "Joliet", lat: 41.5186, lon: -88.0707 }, { name: "Naperville", lat: 41.776, lon: -88.1441 }, { name: "Springfield", lat: 39.7578, lon: -89.606 }, { name: "Peoria", lat: 40.7312, lon: -89.6263 }],
  },
  {
    name: "Indiana",
    abbreviation: "IN",
    cities: [{ name: "Indianapolis", lat: 39.7795, lon: -86.1328 }, { name: "Fort Wayne", lat: 41.0938, lon: -85.0707 }, { name: "Evansville", lat: 37.9971, lon: -87.575 }, { name: "South Bend", lat: 41.6741, lon: -86.2535 }, { name: "Carmel", lat: 39.9744, lon: -86.0829 }],
  },
  {
    name: "Iowa",
    abbreviation: "IA",
    cities: [{ name: "Des Moines", lat: 41.6727, lon: -93.5722 }, { name: "Cedar Rapids", lat: 42.0644, lon: -91.6125 }, { name: "Davenport", lat: 41.5618, lon: -90.6063 }, { name: "Sioux City", lat: 42.5032, lon: -96.3829 }, { name: "Iowa City", lat: 41.6525, lon: -91.5389 }],
  },
  {
    name: "Kansas",
    abbreviation: "KS",
    cities: [{ name: "Wichita", lat: 37.6936, lon: -97.3365 }, { name: "Overland Park", lat: 38.8999, lon: -94.7103 }, { name: "Kansas City", lat: 39.1011, lon: -94.6792 }, { name: "Olathe", lat: 38.8932, lon: -94.8262 }, { name: "Topeka", lat: 39.0429, lon: -95.69 }],
  },
  {
    name: "Kentucky",
    abbreviation: "KY",
    cities: [{ name: "Louisville", lat: 38.189, lon: -85.6768 }, { name: "Lexington", lat: 38.0283, lon: -84.4715 }, { name: "Bowling Green", lat: 36.9519, lon: -86.4207 }, { name: "Owensboro", lat: 37.7484, lon: -87.1128 }, { name: "Covington", lat: 39.0642, lon: -84.5205 }],
  },
  {
    name: "Louisiana",
    abbreviation: "LA",
    cities: [{ name: "New Orleans", lat: 29.9546, lon: -90.0751 }, { name: "Baton Rouge", lat: 30.4956, lon: -91.0814 }, { name: "Shreveport", lat: 32.6076, lon: -93.7526 }, { name: "Lafayette", lat: 30.211, lon: -92.0198 }, { name: "Lake Charles", lat: 30.2642, lon: -93.3265 }],
  },
  {
    name: "Maine",
    abbreviation: "ME",
    cities: [{ name: "Portland", lat: 43.6615, lon: -70.2553 }, { name: "Lewiston", lat: 44.197, lon: -70.2395 }, { name: "Bangor", lat: 44.8127, lon: -68.7848 }, { name: "South Portland", lat: 43.6367, lon: -70.2559 }, { name: "Auburn", lat: 44.197, lon: -70.2395 }],
  },
  {
    name: "Maryland",
    abbreviation: "MD",
    cities: [{ name: "Baltimore", lat: 39.2896, lon: -76.6205 }, { name: "Frederick", lat: 39.4302, lon: -77.4013 }, { name: "Rockville", lat: 39.084, lon: -77.1528 }, { name: "Gaithersburg", lat: 39.144, lon: -77.2028 }, { name: "Bowie", lat: 38.9194, lon: -76.791 }],
  },
  {
    name: "Massachusetts",
    abbreviation: "MA",
    cities: [{ name: "Boston", lat: 42.3576, lon: -71.0598 }, { name: "Worcester", lat: 42.2626, lon: -71.8023 }, { name: "Springfield", lat: 42.1162, lon: -72.5899 }, { name: "Lowell", lat: 42.6344, lon: -71.3162 }, { name: "Cambridge", lat: 42.3687, lon: -71.1042 }],
  },
  {
    name: "Michigan",
    abbreviation: "MI",
    cities: [{ name: "Detroit", lat: 42.3314, lon: -83.0877 }, { name: "Grand Rapids", lat: 42.9842, lon: -85.6219 }, { name: "Warren", lat: 42.4917, lon: -83.0277 }, { name: "Sterling Heights", lat: 42.5803, lon: -83.0302 }, { name: "Lansing", lat: 42.7325, lon: -84.5555 }, { name: "Ann Arbor", lat: 42.2614, lon: -83.7625 }],
  },
  {
    name: "Minnesota",
    abbreviation: "MN",
    cities: [{ name: "Minneapolis", lat: 44.98, lon: -93.2683 }, { name: "St. Paul", lat: 44.9532, lon: -93.1059 }, { name: "Rochester", lat: 44.0165, lon: -92.4752 }, { name: "Duluth", lat: 46.7833, lon: -92.1066 }, { name: "Bloomington", lat: 44.8408, lon: -93.2983 }],
  },
  {
    name: "Mississippi",
    abbreviation: "MS",
    cities: [{ name: "Jackson", lat: 32.2988, lon: -90.1848 }, { name: "Gulfport", lat: 30.4158, lon: -89.0684 }, { name: "Southaven", lat: 34.9622, lon: -89.9625 }, { name: "Hattiesburg", lat: 31.2409, lon: -89.3006 }, { name: "Biloxi", lat: 30.4051, lon: -88.9408 }],
  },
  {
    name: "Missouri",
    abbreviation: "MO",
    cities: [{ name: "Kansas City", lat: 39.0997, lon: -94.5764 }, { name: "St. Louis", lat: 38.6442, lon: -90.2544 }, { name: "Springfield", lat: 37.2135, lon: -93.2986 }, { name: "Columbia", lat: 38.9517, lon: -92.3341 }, { name: "Independence", lat: 39.0983, lon: -94.4111 }],
  },
  {
    name: "Montana",
    abbreviation: "MT",
    cities: [{ name: "Billings", lat: 45.7833, lon: -108.5007 }, { name: "Missoula", lat: 46.8721, lon: -114.0139 }, { name: "Great Falls", lat: 47.5098, lon: -111.2734 }, { name: "Bozeman", lat: 45.6681, lon: -111.0431 }, { name: "Butte", lat: 45.9979, lon: -112.6377 }],
  },
  {
    name: "Nebraska",
    abbreviation: "NE",
    cities: [{ name: "Omaha", lat: 41.2586, lon: -95.9629 }, { name: "Lincoln", lat: 40.8145, lon: -96.6888 }, { name: "Bellevue", lat: 41.1497, lon: -95.9393 }, { name: "Grand Island", lat: 40.9219, lon: -98.3873 }, { name: "Kearney", lat: 40.7325, lon: -99.076 }],
  },
  {
    name: "Nevada",
    abbreviation: "NV",
    cities: [{ name: "Las Vegas", lat: 36.175, lon: -115.1414 }, { name: "Henderson", lat: 36.0063, lon: -114.977 }, { name: "Reno", lat: 39.5296, lon: -119.8138 }, { name: "North Las Vegas", lat: 36.2586, lon: -115.1403 }, { name: "Sparks", lat: 39.5487, lon: -119.7353 }],
  },
  {
    name: "New Hampshire",
    abbreviation: "NH",
    cities: [{ name: "Manchester", lat: 42.9944, lon: -71.4548 }, { name: "Nashua", lat: 42.7654, lon: -71.4748 }, { name: "Concord", lat: 43.2501, lon: -71.5936 }, { name: "Dover", lat: 43.1979, lon: -70.8737 }, { name: "Rochester", lat: 43.3045, lon: -70.9756 }],
  },
  {
    name: "New Jersey",
    abbreviation: "NJ",
    cities: [{ name: "Newark", lat: 40.7357, lon: -74.1886 }, { name: "Jersey City", lat: 40.7323, lon: -74.0754 }, { name: "Paterson", lat: 40.9184, lon: -74.1718 }, { name: "Elizabeth", lat: 40.6679, lon: -74.2161 }, { name: "Edison", lat: 40.5203, lon: -74.3973 }],
  },
  {
    name: "New Mexico",
    abbreviation: "NM",
    cities: [{ name: "Albuquerque", lat: 35.0512, lon: -106.6729 }, { name: "Las Cruces", lat: 32.3224, lon: -106.7714 }, { name: "Rio Rancho", lat: 35.2493, lon: -106.6818 }, { name: "Santa Fe", lat: 35.6567, lon: -105.9818 }, { name: "Roswell", lat: 33.3718, lon: -104.4318 }],
  },
  {
    name: "New York",
    abbreviation: "NY",
    cities: [{ name: "New York City", lat: 40.7128, lon: -74.006 }, { name: "Buffalo", lat: 42.8864, lon: -78.8668 }, { name: "Rochester", lat: 43.1651, lon: -77.6268 }, { name: "Yonkers", lat: 40.9386, lon: -73.876 }, { name: "Syracuse", lat: 43.0433, lon: -76.1488 }, { name: "Albany", lat: 42.6526, lon: -73.7562 }],
  },
  {
    name: "North Carolina",
    abbreviation: "NC",
    cities: [{ name: "Charlotte", lat: 35.2271, lon: -80.822 }, { name: "Raleigh", lat: 35.7977, lon: -78.6253 }, { name: "Greensboro", lat: 36.0726, lon: -79.792 }, { name: "Durham", lat: 36.0335, lon: -78.8865 }, { name: "Winston-Salem", lat: 36.0425, lon: -80.2376 }, { name: "Fayetteville", lat: 35.0478, lon: -78.9068 }],
  },
  {
    name: "North Dakota",
    abbreviation: "ND",
    cities: [{ name: "Fargo", lat: 46.8772, lon: -96.7898 }, { name: "Bismarck", lat: 46.8083, lon: -100.7837 }, { name: "Grand Forks", lat: 47.9253, lon: -97.0387 }, { name: "Minot", lat: 48.2389, lon: -101.2998 }, { name: "West Fargo", lat: 46.8907, lon: -96.9258 }],
  },
  {
    name: "Ohio",
    abbreviation: "OH",
    cities: [{ name: "Columbus", lat: 39.969, lon: -83.0114 }, { name: "Cleveland", lat: 41.4995, lon: -81.6728 }, { name: "Cincinnati", lat: 39.1668, lon: -84.5382 }, { name: "Toledo", lat: 41.6782, lon: -83.5249 }, { name: "Akron", lat: 41.0764, lon: -81.5206 }],
  },
  {
    name: "Oklahoma",
    abbreviation: "OK",
    cities: [{ name: "Oklahoma City", lat: 35.5042, lon: -97.5017 }, { name: "Tulsa", lat: 36.1398, lon: -95.9928 }, { name: "Norman", lat: 35.2145, lon: -97.4256 }, { name: "Broken Arrow", lat: 36.0486, lon: -95.7994 }, { name: "Edmond", lat: 35.6665, lon: -97.4766 }],
  },
  {
    name: "Oregon",
    abbreviation: "OR",
    cities: [{ name: "Portland", lat: 45.5235, lon: -122.6762 }, { name: "Salem", lat: 44.9429, lon: -123.0286 }, { name: "Eugene", lat: 44.0612, lon: -123.0868 }, { name: "Gresham", lat: 45.4985, lon: -122.4179 }, { name: "Hillsboro", lat: 45.5185, lon: -122.9603 }],
  },
  {
    name: "Pennsylvania",
    abbreviation: "PA",
    cities: [{ name: "Philadelphia", lat: 40.0018, lon: -75.1459 }, { name: "Pittsburgh", lat: 40.4344, lon: -80.0248 }, { name: "Allentown", lat: 40.6018, lon: -75.4781 }, { name: "Erie", lat: 42.1292, lon: -80.076 }, { name: "Reading", lat: 40.3366, lon: -75.9397 }],
  },
  {
    name: "Rhode Island",
    abbreviation: "RI",
    cities: [{ name: "Providence", lat: 41.8233, lon: -71.4203 }, { name: "Warwick", lat: 41.7083, lon: -71.4123 }, { name: "Cranston", lat: 41.7716, lon: -71.4659 }, { name: "Pawtucket", lat: 41.8729, lon: -71.3691 }, { name: "East Providence", lat: 41.8138, lon: -71.3688 }],
  },
  {
    name: "South Carolina",
    abbreviation: "SC",
    cities: [{ name: "Columbia", lat: 34.006, lon: -80.9853 }, { name: "Charleston", lat: 32.8104, lon: -79.937 }, { name: "North Charleston", lat: 32.8546, lon: -79.9913 }, { name: "Mount Pleasant", lat: 32.8473, lon: -79.8206 }, { name: "Rock Hill", lat: 34.9926, lon: -81.1787 }],
  },
  {
    name: "South Dakota",
    abbreviation: "SD",
    cities: [{ name: "Sioux Falls", lat: 43.5783, lon: -96.7327 }, { name: "Rapid City", lat: 44.062, lon: -103.2612 }, { name: "Aberdeen", lat: 45.5279, lon: -98.4188 }, { name: "Brookings", lat: 44.3376, lon: -96.791 }, { name: "Watertown", lat: 44.9043, lon: -97.124 }],
  },
  {
    name: "Tennessee",
    abbreviation: "TN",
    cities: [{ name: "Nashville", lat: 36.1798, lon: -86.7852 }, { name: "Memphis", lat: 35.1831, lon: -89.9715 }, { name: "Knoxville", lat: 35.9901, lon: -83.9622 }, { name: "Chattanooga", lat: 35.0453, lon: -85.3075 }, { name: "Clarksville", lat: 36.522, lon: -87.353 }],
  },
  {
    name: "Texas",
    abbreviation: "TX",
    cities: [{ name: "Houston", lat: 29.834, lon: -95.4342 }, { name: "San Antonio", lat: 29.4375, lon: -98.4691 }, { name: "Dallas", lat: 32.7673, lon: -96.7776 }, { name: "Austin", lat: 30.3264, lon: -97.7499 }, { name: "Fort Worth", lat: 32.7714, lon: -97.2915 }, { name: "El Paso", lat: 31.6948, lon: -106.3 }, { name: "Arlington", lat: 32.7357, lon: -97.1348 }, { name: "Corpus Christi", lat: 27.777, lon: -97.4078 }, { name: "Plano", lat: 33.0277, lon: -96.7291 }, { name: "Laredo", lat: 27.5434, lon: -99.481 }],
  },
  {
    name: "Utah",
    abbreviation: "UT",
    cities: [{ name: "Salt Lake City", lat: 40.6916, lon: -111.9046 }, { name: "West Valley City", lat: 40.6916, lon: -112.0011 }, { name: "Provo", lat: 40.2333, lon: -111.6498 }, { name: "West Jordan", lat: 40.6037, lon: -111.9677 }, { name: "Orem", lat: 40.2895, lon: -111.6829 }],
  },
  {
    name: "Vermont",
    abbreviation: "VT",
    cities: [{ name: "Burlington", lat: 44.4421, lon: -73.0825 }, { name: "South Burlington", lat: 44.4467, lon: -73.131 }, { name: "Rutland", lat: 43.6123, lon: -72.9717 }, { name: "Barre", lat: 44.1945, lon: -72.4936 }, { name: "Montpelier", lat: 44.2595, lon: -72.585 }],
  },
  {
    name: "Virginia",
    abbreviation: "VA",
    cities: [{ name: "Virginia Beach", lat: 36.8029, lon: -76.0243 }, { name: "Norfolk", lat: 36.8886, lon: -76.2645 }, { name: "Chesapeake", lat: 36.7634, lon: -76.2666 }, { name: "Richmond", lat: 37.5242, lon: -77.4845 }, { name: "Newport News", lat: 37.1329, lon: -76.5213 }],
  },
  {
    name: "Washington",
    abbreviation: "WA",
    cities: [{ name: "Seattle", lat: 47.6062, lon: -122.3321 }, { name: "Spokane", lat: 47.6536, lon: -117.4317 }, { name: "Tacoma", lat: 47.2495, lon: -122.4443 }, { name: "Vancouver", lat: 45.6418, lon: -122.6463 }, { name: "Bellevue", lat: 47.6115, lon: -122.1663 }],
  },
  {
    name: "West Virginia",
    abbreviation: "WV",
    cities: [{ name: "Charleston", lat: 38.3498, lon: -81.6326 }, { name: "Huntington", lat: 38.4134, lon: -82.2774 }, { name: "Parkersburg", lat: 39.2364, lon: -81.4979 }, { name: "Morgantown", lat: 39.6253, lon: -79.9627 }, { name: "Wheeling", lat: 40.1027, lon: -80.6476 }],
  },
  {
    name: "Wisconsin",
    abbreviation: "WI",
    cities: [{ name: "Milwaukee", lat: 43.0406, lon: -87.935 }, { name: "Madison", lat: 43.0696, lon: -89.4239 }, { name: "Green Bay", lat: 44.4945, lon: -88.0198 }, { name: "Kenosha", lat: 42.5847, lon: -87.8301 }, { name: "Racine", lat: 42.7272, lon: -87.7987 }],
  },
  {
    name: "Wyoming",
    abbreviation: "WY",
    cities: [{ name: "Cheyenne", lat: 41.14, lon: -104.8154 }, { name: "Casper", lat: 42.8458, lon: -106.3166 }, { name: "Laramie", lat: 41.368, lon: -105.6079 }, { name: "Gillette", lat: 44.282, lon: -105.4974 }, { name: "Rock Springs", lat: 41.5968, lon: -109.2165 }],
  },
];
