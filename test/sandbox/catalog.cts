/** Static reference data the seed draws from: real US freight places and plausible carrier names. */

export interface City {
	city: string;
	state: string;
	zip: string;
	latitude: number;
	longitude: number;
}

export const CITIES: readonly City[] = [
	{ city: 'Chicago', state: 'IL', zip: '60632', latitude: 41.8097, longitude: -87.7053 },
	{ city: 'Joliet', state: 'IL', zip: '60436', latitude: 41.4958, longitude: -88.1217 },
	{ city: 'Dallas', state: 'TX', zip: '75212', latitude: 32.7838, longitude: -96.8806 },
	{ city: 'Fort Worth', state: 'TX', zip: '76106', latitude: 32.7964, longitude: -97.3562 },
	{ city: 'Houston', state: 'TX', zip: '77029', latitude: 29.7633, longitude: -95.2591 },
	{ city: 'Laredo', state: 'TX', zip: '78045', latitude: 27.6336, longitude: -99.5031 },
	{ city: 'San Antonio', state: 'TX', zip: '78219', latitude: 29.4484, longitude: -98.4001 },
	{ city: 'Atlanta', state: 'GA', zip: '30336', latitude: 33.7466, longitude: -84.5416 },
	{ city: 'Savannah', state: 'GA', zip: '31408', latitude: 32.1211, longitude: -81.1816 },
	{ city: 'Memphis', state: 'TN', zip: '38118', latitude: 35.0428, longitude: -89.9265 },
	{ city: 'Nashville', state: 'TN', zip: '37207', latitude: 36.2225, longitude: -86.7725 },
	{ city: 'Indianapolis', state: 'IN', zip: '46241', latitude: 39.7278, longitude: -86.2783 },
	{ city: 'Columbus', state: 'OH', zip: '43207', latitude: 39.9083, longitude: -82.9758 },
	{ city: 'Cincinnati', state: 'OH', zip: '45246', latitude: 39.2931, longitude: -84.4691 },
	{ city: 'Louisville', state: 'KY', zip: '40218', latitude: 38.1887, longitude: -85.6496 },
	{ city: 'Kansas City', state: 'MO', zip: '64120', latitude: 39.1219, longitude: -94.5033 },
	{ city: 'St. Louis', state: 'MO', zip: '63110', latitude: 38.6256, longitude: -90.2647 },
	{ city: 'Denver', state: 'CO', zip: '80216', latitude: 39.7831, longitude: -104.9633 },
	{ city: 'Phoenix', state: 'AZ', zip: '85043', latitude: 33.4356, longitude: -112.1966 },
	{ city: 'Los Angeles', state: 'CA', zip: '90058', latitude: 34.0017, longitude: -118.2193 },
	{ city: 'Ontario', state: 'CA', zip: '91761', latitude: 34.0331, longitude: -117.5936 },
	{ city: 'Fresno', state: 'CA', zip: '93725', latitude: 36.6653, longitude: -119.7395 },
	{ city: 'Stockton', state: 'CA', zip: '95206', latitude: 37.9144, longitude: -121.3112 },
	{ city: 'Salt Lake City', state: 'UT', zip: '84104', latitude: 40.7452, longitude: -111.9522 },
	{ city: 'Reno', state: 'NV', zip: '89502', latitude: 39.4885, longitude: -119.7708 },
	{ city: 'Portland', state: 'OR', zip: '97218', latitude: 45.5773, longitude: -122.6019 },
	{ city: 'Seattle', state: 'WA', zip: '98108', latitude: 47.5397, longitude: -122.3106 },
	{ city: 'Minneapolis', state: 'MN', zip: '55413', latitude: 44.9982, longitude: -93.2444 },
	{ city: 'Milwaukee', state: 'WI', zip: '53207', latitude: 42.9746, longitude: -87.8993 },
	{ city: 'Detroit', state: 'MI', zip: '48209', latitude: 42.3084, longitude: -83.1164 },
	{ city: 'Grand Rapids', state: 'MI', zip: '49548', latitude: 42.8675, longitude: -85.6631 },
	{ city: 'Harrisburg', state: 'PA', zip: '17111', latitude: 40.2531, longitude: -76.7891 },
	{ city: 'Allentown', state: 'PA', zip: '18109', latitude: 40.6278, longitude: -75.4232 },
	{ city: 'Newark', state: 'NJ', zip: '07114', latitude: 40.7066, longitude: -74.1755 },
	{ city: 'Edison', state: 'NJ', zip: '08837', latitude: 40.5162, longitude: -74.3409 },
	{ city: 'Baltimore', state: 'MD', zip: '21224', latitude: 39.2779, longitude: -76.5488 },
	{ city: 'Richmond', state: 'VA', zip: '23234', latitude: 37.4548, longitude: -77.4682 },
	{ city: 'Charlotte', state: 'NC', zip: '28208', latitude: 35.2209, longitude: -80.9089 },
	{ city: 'Greensboro', state: 'NC', zip: '27406', latitude: 36.0188, longitude: -79.7803 },
	{ city: 'Jacksonville', state: 'FL', zip: '32254', latitude: 30.3383, longitude: -81.7387 },
	{ city: 'Orlando', state: 'FL', zip: '32824', latitude: 28.3952, longitude: -81.3444 },
	{ city: 'Miami', state: 'FL', zip: '33166', latitude: 25.8272, longitude: -80.3104 },
	{ city: 'Birmingham', state: 'AL', zip: '35211', latitude: 33.4537, longitude: -86.8683 },
	{ city: 'Oklahoma City', state: 'OK', zip: '73129', latitude: 35.4305, longitude: -97.4913 },
	{ city: 'Omaha', state: 'NE', zip: '68117', latitude: 41.2023, longitude: -96.0041 },
	{ city: 'Albuquerque', state: 'NM', zip: '87105', latitude: 35.0147, longitude: -106.6813 },
	{ city: 'El Paso', state: 'TX', zip: '79927', latitude: 31.6483, longitude: -106.2751 },
	{ city: 'Boise', state: 'ID', zip: '83709', latitude: 43.5732, longitude: -116.2928 },
];

export const SHIPPERS: readonly string[] = [
	'Walmart DC 6094',
	'Target RDC',
	'Home Depot RDC',
	"Lowe's Distribution",
	'Tyson Foods',
	'Procter & Gamble',
	'Kroger Fulfillment Center',
	'PepsiCo Warehouse',
	'General Mills Plant',
	'Amazon FC',
	'Sysco Foodservice',
	'Georgia-Pacific Mill',
	'Anheuser-Busch Brewery',
	'Whirlpool DC',
	'US Foods',
	'Costco Depot',
	'Kimberly-Clark',
	'Owens Corning',
];

export const STREET_NAMES: readonly string[] = [
	'Industrial Pkwy',
	'Commerce Dr',
	'Distribution Way',
	'Logistics Blvd',
	'Warehouse Rd',
	'Freight St',
	'Enterprise Ave',
	'Airport Rd',
	'Rail Yard Ln',
	'Port Access Rd',
];

export const BROKERS: readonly string[] = [
	'Coyote Logistics',
	'TQL',
	'CH Robinson',
	'Echo Global Logistics',
	'J.B. Hunt Transport',
	'Landstar',
	'XPO Logistics',
	'Arrive Logistics',
	'Uber Freight',
	'GlobalTranz',
	'RXO',
	'Schneider Logistics',
	'Mode Transportation',
	'Allen Lund Company',
];

export const FIRST_NAMES: readonly string[] = [
	'James', 'Robert', 'Michael', 'William', 'David', 'Richard', 'Joseph', 'Thomas', 'Carlos', 'Daniel',
	'Mark', 'Anthony', 'Kevin', 'Brian', 'Jose', 'Luis', 'Maria', 'Linda', 'Patricia', 'Angela',
	'Marcus', 'Andre', 'Terrence', 'Dmitri', 'Oleksandr', 'Bakhodir', 'Aziz', 'Rustam', 'Jamal', 'Gary',
	'Tyrone', 'Sergio', 'Raymond', 'Dennis', 'Shawn', 'Travis', 'Dustin', 'Wesley', 'Darnell', 'Ivan',
];

export const LAST_NAMES: readonly string[] = [
	'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
	'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Jackson', 'Martin', 'Lee',
	'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Young', 'Allen', 'King', 'Wright',
	'Karimov', 'Petrenko', 'Kovalenko', 'Yusupov', 'Nguyen', 'Hill', 'Green', 'Adams', 'Baker', 'Nelson',
];

export const DISPATCHER_NAMES: readonly [string, string][] = [
	['Sarah', 'Mitchell'],
	['Alex', 'Romero'],
	['Nodir', 'Abdullaev'],
	['Jessica', 'Turner'],
	['Ryan', 'Cooper'],
	['Olena', 'Shevchenko'],
];

export const MC_COMPANIES: readonly { mc_number: string; company_name: string }[] = [
	{ mc_number: 'MC-1048213', company_name: 'Prairie Line Transport LLC' },
	{ mc_number: 'MC-1187740', company_name: 'Prairie Line Logistics Inc' },
	{ mc_number: 'MC-0987342', company_name: 'Redhawk Freight Co' },
];

export const OFFICES: readonly string[] = ['Chicago HQ', 'Dallas Terminal', 'Atlanta Office'];

export const TAG_NAMES: readonly string[] = ['Hot', 'Team', 'Hazmat', 'Drop & Hook', 'Priority', 'Reload', 'Expedited', 'Live Load'];

export const FLAG_REASONS: readonly string[] = [
	'Late pickup',
	'Missing BOL',
	'Rate discrepancy with rate confirmation',
	'Detention claimed at receiver',
	'Shortage reported on delivery',
	'Reefer temperature alarm',
];

export const EQUIPMENT_TYPES: readonly { type: string; children: readonly string[] }[] = [
	{ type: 'Dry Van', children: ["53' Dry Van", "48' Dry Van"] },
	{ type: 'Reefer', children: ["53' Reefer"] },
	{ type: 'Flatbed', children: ["48' Flatbed", 'Step Deck', 'Conestoga'] },
	{ type: 'Power Only', children: [] },
];

export const DRIVER_REQUIREMENTS: readonly string[] = ['TWIC', 'Hazmat Endorsement', 'Tanker Endorsement', 'PPE', 'Team'];
export const ADDITIONAL_EQUIPMENT: readonly string[] = ['Load Bars', 'Straps', 'Tarps', 'Chains', 'Pallet Jack', 'E-Track'];
export const FREIGHT_REQUIREMENTS: readonly string[] = ['Food Grade', 'Temperature Controlled', 'Hazmat', 'High Value', 'Seal Required'];

export const GOODS: readonly string[] = ['Paper products', 'Frozen poultry', 'Canned beverages', 'Building materials', 'Auto parts', 'Produce', 'Consumer electronics', 'Retail general merchandise'];

export const CARRIERS_FOR_BROKERED_LOADS: readonly string[] = ['Swift Transportation', 'Knight Transport', 'Heartland Express', 'Werner Enterprises'];

export const TRUCK_MODELS: readonly { make: string; models: readonly string[] }[] = [
	{ make: 'Freightliner', models: ['Cascadia', 'Cascadia Evolution'] },
	{ make: 'Kenworth', models: ['T680', 'W990'] },
	{ make: 'Peterbilt', models: ['579', '389'] },
	{ make: 'Volvo', models: ['VNL 760', 'VNL 860'] },
	{ make: 'International', models: ['LT625', 'LT'] },
];

export const TRAILER_MODELS: readonly { make: string; models: readonly string[] }[] = [
	{ make: 'Utility', models: ['4000D-X', '3000R'] },
	{ make: 'Great Dane', models: ['Champion', 'Everest'] },
	{ make: 'Wabash', models: ['DuraPlate', 'ArcticLite'] },
	{ make: 'Hyundai Translead', models: ['HT Composite', 'ThermoTech'] },
	{ make: 'Fontaine', models: ['Revolution'] },
];

export const PLATE_STATES: readonly string[] = ['IL', 'IN', 'TX', 'OK', 'GA', 'TN', 'OH'];

export const WORK_ORDER_VENDORS: readonly { name: string; phone: string; email: string; location: string }[] = [
	{ name: 'TA Truck Service', phone: '(815) 555-0142', email: 'service@ta-joliet.example', location: 'Joliet, IL' },
	{ name: "Love's Truck Care", phone: '(214) 555-0199', email: 'truckcare@loves-dallas.example', location: 'Dallas, TX' },
	{ name: 'Rush Truck Center', phone: '(404) 555-0117', email: 'parts@rush-atlanta.example', location: 'Atlanta, GA' },
	{ name: 'In-house shop', phone: '(312) 555-0100', email: 'shop@prairieline.example', location: 'Chicago, IL' },
];
