/**
 * The generic diagnostic trouble codes (SAE J2012 / ISO 15031-6): the codes whose meaning is the
 * same on every make, written out from the standard's generic ranges (P0xxx and P2xxx
 * powertrain, C0xxx chassis, B0xxx body, U0xxx network). Manufacturer ranges (P1xxx, P3xxx,
 * C1/B1/U1...) are not here: their meaning depends on the make. Families that repeat by
 * cylinder, bank or sensor are generated from one pattern so that each reads as the standard
 * numbers them. Likely causes are the usual ones for the common codes, most frequent first.
 */

type Entry = readonly [code: string, description: string, causes?: readonly string[]];

/** A code's four digits: the families count in decimal (P0261, P0264 ... P0296). */
const num = (n: number) => String(n).padStart(4, '0');

// ---- Causes shared by several codes ----------------------------------------------------------

const C = {
  circuit: [
    'Damaged or corroded wiring or connector',
    'Failed sensor',
    'Control module fault (rare)',
  ],
  o2: [
    'Failed oxygen sensor',
    'Wiring or connector damage near the exhaust',
    'Exhaust leak ahead of the sensor',
  ],
  o2Heater: [
    'Failed oxygen sensor heater element',
    'Blown heater fuse',
    'Open or shorted heater wiring',
  ],
  lean: [
    'Vacuum leak (intake gasket, hoses, PCV)',
    'Dirty or failed mass air flow sensor',
    'Weak fuel pump or clogged fuel filter',
    'Restricted fuel injectors',
    'Exhaust leak ahead of the upstream oxygen sensor',
  ],
  rich: [
    'Leaking fuel injectors',
    'Excessive fuel pressure (failed regulator)',
    'Dirty or failed mass air flow sensor',
    'Failed upstream oxygen sensor',
  ],
  misfire: [
    'Worn spark plugs',
    'Failed ignition coil or plug wire',
    'Clogged or leaking fuel injector',
    'Vacuum leak',
    'Low compression (valves, rings, head gasket)',
  ],
  injector: [
    'Failed fuel injector',
    'Open or shorted injector wiring',
    'Injector driver fault in the control module',
  ],
  coil: [
    'Failed ignition coil',
    'Open or shorted coil wiring',
    'Worn spark plug overloading the coil',
  ],
  knock: [
    'Failed knock sensor',
    'Damaged sensor wiring',
    'Actual detonation (low octane fuel, carbon build-up)',
  ],
  crank: [
    'Failed crankshaft position sensor',
    'Damaged reluctor ring',
    'Wiring or connector fault',
  ],
  cam: [
    'Failed camshaft position sensor',
    'Timing chain or belt stretched or jumped a tooth',
    'Wiring or connector fault',
  ],
  camTiming: [
    'Low or dirty engine oil',
    'Sticking oil control (VVT) solenoid',
    'Stretched timing chain',
    'Failed camshaft phaser',
  ],
  catalyst: [
    'Worn or damaged catalytic converter',
    'Failed downstream oxygen sensor',
    'Exhaust leak near the oxygen sensors',
    'Engine misfire or oil burning that damaged the catalyst',
  ],
  evapLeak: [
    'Loose, worn or wrong fuel filler cap',
    'Leaking EVAP hoses',
    'Failed purge or vent valve',
    'Cracked charcoal canister',
  ],
  egrLow: [
    'Carbon-clogged EGR passages',
    'Stuck EGR valve',
    'Failed EGR position or pressure sensor',
    'Vacuum supply leak',
  ],
  tps: ['Failed throttle position sensor', 'Wiring or connector fault', 'Dirty throttle body'],
  maf: [
    'Dirty or failed mass air flow sensor',
    'Air leak after the sensor',
    'Clogged air filter',
    'Wiring fault',
  ],
  map: ['Failed MAP sensor', 'Cracked or disconnected vacuum hose to the sensor', 'Wiring fault'],
  ect: ['Failed coolant temperature sensor', 'Wiring or connector fault', 'Low coolant level'],
  thermostat: ['Thermostat stuck open', 'Failed coolant temperature sensor', 'Low coolant level'],
  vss: [
    'Failed vehicle speed sensor',
    'Wiring or connector fault',
    'Damaged tone ring or drive gear',
  ],
  idle: [
    'Dirty throttle body or idle air control valve',
    'Vacuum leak',
    'Failed idle air control valve',
  ],
  tcmSolenoid: [
    'Failed shift solenoid',
    'Low or burnt transmission fluid',
    'Wiring or connector fault at the valve body',
  ],
  ratio: [
    'Low or burnt transmission fluid',
    'Worn clutches or bands',
    'Failed shift solenoid',
    'Valve body fault',
  ],
  tcc: [
    'Failed torque converter clutch solenoid',
    'Worn torque converter',
    'Low or contaminated transmission fluid',
  ],
  voltage: [
    'Failing battery',
    'Failing alternator or voltage regulator',
    'Loose or corroded battery terminals and grounds',
  ],
  module: [
    'Control module internal fault',
    'Poor module power or ground',
    'Failed or interrupted software update',
  ],
  network: [
    'Module without power or ground (check its fuses)',
    'Open or shorted data bus wiring',
    'Failed control module',
    'Low battery voltage',
  ],
  wheelSpeed: [
    'Failed wheel speed sensor',
    'Damaged or dirty tone ring',
    'Excess wheel bearing play',
    'Wiring damage at the wheel',
  ],
  airbag: [
    'Open or high resistance in the deployment loop (clock spring, connectors)',
    'Failed inflator module',
    'Restraints module fault',
  ],
  boostLow: [
    'Boost leak (hoses, intercooler)',
    'Sticking wastegate or variable vane actuator',
    'Failed turbocharger',
    'Failed boost pressure sensor',
  ],
  fuelPressure: [
    'Weak fuel pump',
    'Clogged fuel filter',
    'Failed fuel pressure sensor or regulator',
  ],
  secondaryAir: ['Failed secondary air pump', 'Stuck or failed check valve', 'Blown relay or fuse'],
  dpf: [
    'Clogged diesel particulate filter',
    'Failed regeneration (short trips)',
    'Failed differential pressure sensor or hoses',
  ],
} as const;

// ---- Families --------------------------------------------------------------------------------

/** circuit, range/performance, low, high, intermittent: the five-code block most sensors use. */
function sensorBlock(start: number, name: string, causes: readonly string[] = C.circuit): Entry[] {
  const kinds = [
    'Circuit Malfunction',
    'Circuit Range/Performance',
    'Circuit Low Input',
    'Circuit High Input',
    'Circuit Intermittent',
  ];
  return kinds.map((k, i) => [`P${num(start + i)}`, `${name} ${k}`, causes] as const);
}

const CYLINDERS = Array.from({ length: 12 }, (_, i) => i + 1);
const COIL_LETTERS = 'ABCDEFGHIJKL'.split('');

/** Oxygen sensor blocks: six codes per bank and sensor from P0130. */
const O2_BLOCKS: [number, number, number][] = [
  [130, 1, 1],
  [136, 1, 2],
  [142, 1, 3],
  [150, 2, 1],
  [156, 2, 2],
  [162, 2, 3],
];
const o2 = O2_BLOCKS.flatMap(([start, bank, sensor]) => {
  const where = `(Bank ${bank} Sensor ${sensor})`;
  return [
    [`P${num(start)}`, `O2 Sensor Circuit Malfunction ${where}`, C.o2],
    [`P${num(start + 1)}`, `O2 Sensor Circuit Low Voltage ${where}`, C.o2],
    [`P${num(start + 2)}`, `O2 Sensor Circuit High Voltage ${where}`, C.o2],
    [`P${num(start + 3)}`, `O2 Sensor Circuit Slow Response ${where}`, C.o2],
    [`P${num(start + 4)}`, `O2 Sensor Circuit No Activity Detected ${where}`, C.o2],
    [`P${num(start + 5)}`, `O2 Sensor Heater Circuit Malfunction ${where}`, C.o2Heater],
  ] as Entry[];
});

/** Oxygen sensor heater control circuits: three codes per bank and sensor from P0030. */
const O2_HEATER_BLOCKS: [number, number, number][] = [
  [30, 1, 1],
  [36, 1, 2],
  [42, 1, 3],
  [50, 2, 1],
  [56, 2, 2],
  [62, 2, 3],
];
const o2Heater = O2_HEATER_BLOCKS.flatMap(([start, bank, sensor]) => {
  const where = `(Bank ${bank} Sensor ${sensor})`;
  return [
    [`P${num(start)}`, `HO2S Heater Control Circuit ${where}`, C.o2Heater],
    [`P${num(start + 1)}`, `HO2S Heater Control Circuit Low ${where}`, C.o2Heater],
    [`P${num(start + 2)}`, `HO2S Heater Control Circuit High ${where}`, C.o2Heater],
  ] as Entry[];
});

const injectorCircuits: Entry[] = CYLINDERS.map((n) => [
  `P${num(200 + n)}`,
  `Injector Circuit Malfunction - Cylinder ${n}`,
  C.injector,
]);

const injectorLowHigh: Entry[] = CYLINDERS.flatMap((n) => {
  const base = 261 + 3 * (n - 1);
  return [
    [`P${num(base)}`, `Cylinder ${n} Injector Circuit Low`, C.injector],
    [`P${num(base + 1)}`, `Cylinder ${n} Injector Circuit High`, C.injector],
    [`P${num(base + 2)}`, `Cylinder ${n} Contribution/Balance Fault`, C.misfire],
  ] as Entry[];
});

const misfires: Entry[] = CYLINDERS.map((n) => [
  `P${num(300 + n)}`,
  `Cylinder ${n} Misfire Detected`,
  C.misfire,
]);

const coils: Entry[] = COIL_LETTERS.map((l, i) => [
  `P${num(351 + i)}`,
  `Ignition Coil ${l} Primary/Secondary Circuit Malfunction`,
  C.coil,
]);

const coilControls: Entry[] = COIL_LETTERS.flatMap((l, i) => {
  const base = 2300 + 3 * i;
  return [
    [`P${num(base)}`, `Ignition Coil ${l} Primary Control Circuit Low`, C.coil],
    [`P${num(base + 1)}`, `Ignition Coil ${l} Primary Control Circuit High`, C.coil],
    [`P${num(base + 2)}`, `Ignition Coil ${l} Secondary Circuit`, C.coil],
  ] as Entry[];
});

/** Shift solenoids A to E: malfunction, performance or stuck off, stuck on, electrical, intermittent. */
const shiftSolenoids: Entry[] = ['A', 'B', 'C', 'D', 'E'].flatMap((l, i) => {
  const base = 750 + 5 * i;
  return [
    [`P${num(base)}`, `Shift Solenoid ${l} Malfunction`, C.tcmSolenoid],
    [`P${num(base + 1)}`, `Shift Solenoid ${l} Performance or Stuck Off`, C.tcmSolenoid],
    [`P${num(base + 2)}`, `Shift Solenoid ${l} Stuck On`, C.tcmSolenoid],
    [`P${num(base + 3)}`, `Shift Solenoid ${l} Electrical`, C.tcmSolenoid],
    [`P${num(base + 4)}`, `Shift Solenoid ${l} Intermittent`, C.tcmSolenoid],
  ] as Entry[];
});

const GEARS = ['1', '2', '3', '4', '5'];
const gearRatios: Entry[] = [
  ['P0730', 'Incorrect Gear Ratio', C.ratio],
  ...GEARS.map((g, i) => [`P${num(731 + i)}`, `Gear ${g} Incorrect Ratio`, C.ratio] as Entry),
  ['P0736', 'Reverse Incorrect Gear Ratio', C.ratio],
];

const knock: Entry[] = [
  ['P0325', 'Knock Sensor 1 Circuit Malfunction (Bank 1 or Single Sensor)', C.knock],
  ['P0326', 'Knock Sensor 1 Circuit Range/Performance (Bank 1 or Single Sensor)', C.knock],
  ['P0327', 'Knock Sensor 1 Circuit Low Input (Bank 1 or Single Sensor)', C.knock],
  ['P0328', 'Knock Sensor 1 Circuit High Input (Bank 1 or Single Sensor)', C.knock],
  ['P0329', 'Knock Sensor 1 Circuit Input Intermittent (Bank 1 or Single Sensor)', C.knock],
  ['P0330', 'Knock Sensor 2 Circuit Malfunction (Bank 2)', C.knock],
  ['P0331', 'Knock Sensor 2 Circuit Range/Performance (Bank 2)', C.knock],
  ['P0332', 'Knock Sensor 2 Circuit Low Input (Bank 2)', C.knock],
  ['P0333', 'Knock Sensor 2 Circuit High Input (Bank 2)', C.knock],
  ['P0334', 'Knock Sensor 2 Circuit Input Intermittent (Bank 2)', C.knock],
];

const catalysts: Entry[] = [1, 2].flatMap((bank) => {
  const base = bank === 1 ? 420 : 430;
  return [
    [`P${num(base)}`, `Catalyst System Efficiency Below Threshold (Bank ${bank})`, C.catalyst],
    [`P${num(base + 1)}`, `Warm Up Catalyst Efficiency Below Threshold (Bank ${bank})`, C.catalyst],
    [`P${num(base + 2)}`, `Main Catalyst Efficiency Below Threshold (Bank ${bank})`, C.catalyst],
    [`P${num(base + 3)}`, `Heated Catalyst Efficiency Below Threshold (Bank ${bank})`, C.catalyst],
    [`P${num(base + 4)}`, `Heated Catalyst Temperature Below Threshold (Bank ${bank})`, C.catalyst],
    [`P${num(base + 5)}`, `Catalyst Temperature Sensor Malfunction (Bank ${bank})`, C.circuit],
    [
      `P${num(base + 6)}`,
      `Catalyst Temperature Sensor Range/Performance (Bank ${bank})`,
      C.circuit,
    ],
    [`P${num(base + 7)}`, `Catalyst Temperature Sensor Low Input (Bank ${bank})`, C.circuit],
    [`P${num(base + 8)}`, `Catalyst Temperature Sensor High Input (Bank ${bank})`, C.circuit],
    [`P${num(base + 9)}`, `Catalyst Heater Control Circuit Malfunction (Bank ${bank})`, C.circuit],
  ] as Entry[];
});

// ---- Individual codes --------------------------------------------------------------------------

const powertrain: Entry[] = [
  // Camshaft timing and correlation
  ['P0010', '"A" Camshaft Position Actuator Circuit (Bank 1)', C.camTiming],
  [
    'P0011',
    '"A" Camshaft Position - Timing Over-Advanced or System Performance (Bank 1)',
    C.camTiming,
  ],
  ['P0012', '"A" Camshaft Position - Timing Over-Retarded (Bank 1)', C.camTiming],
  ['P0013', '"B" Camshaft Position Actuator Circuit (Bank 1)', C.camTiming],
  [
    'P0014',
    '"B" Camshaft Position - Timing Over-Advanced or System Performance (Bank 1)',
    C.camTiming,
  ],
  ['P0015', '"B" Camshaft Position - Timing Over-Retarded (Bank 1)', C.camTiming],
  ['P0016', 'Crankshaft Position - Camshaft Position Correlation (Bank 1 Sensor A)', C.cam],
  ['P0017', 'Crankshaft Position - Camshaft Position Correlation (Bank 1 Sensor B)', C.cam],
  ['P0018', 'Crankshaft Position - Camshaft Position Correlation (Bank 2 Sensor A)', C.cam],
  ['P0019', 'Crankshaft Position - Camshaft Position Correlation (Bank 2 Sensor B)', C.cam],
  ['P0020', '"A" Camshaft Position Actuator Circuit (Bank 2)', C.camTiming],
  [
    'P0021',
    '"A" Camshaft Position - Timing Over-Advanced or System Performance (Bank 2)',
    C.camTiming,
  ],
  ['P0022', '"A" Camshaft Position - Timing Over-Retarded (Bank 2)', C.camTiming],
  ['P0023', '"B" Camshaft Position Actuator Circuit (Bank 2)', C.camTiming],
  [
    'P0024',
    '"B" Camshaft Position - Timing Over-Advanced or System Performance (Bank 2)',
    C.camTiming,
  ],
  ['P0025', '"B" Camshaft Position - Timing Over-Retarded (Bank 2)', C.camTiming],
  ...o2Heater,
  ['P0068', 'MAP/MAF - Throttle Position Correlation', C.maf],
  ['P0069', 'Manifold Absolute Pressure - Barometric Pressure Correlation', C.map],
  ['P0070', 'Ambient Air Temperature Sensor Circuit', C.circuit],
  ['P0071', 'Ambient Air Temperature Sensor Range/Performance', C.circuit],
  ['P0072', 'Ambient Air Temperature Sensor Circuit Low', C.circuit],
  ['P0073', 'Ambient Air Temperature Sensor Circuit High', C.circuit],
  ['P0074', 'Ambient Air Temperature Sensor Circuit Intermittent', C.circuit],
  ['P0087', 'Fuel Rail/System Pressure - Too Low', C.fuelPressure],
  [
    'P0088',
    'Fuel Rail/System Pressure - Too High',
    [
      'Failed fuel pressure regulator',
      'Failed fuel rail pressure sensor',
      'Restricted fuel return',
    ],
  ],
  ['P0089', 'Fuel Pressure Regulator 1 Performance', C.fuelPressure],
  [
    'P0093',
    'Fuel System Leak Detected - Large Leak',
    ['Leaking fuel line or fitting', 'Leaking injector', 'Failed fuel rail pressure sensor'],
  ],
  // Fuel and air metering
  ...sensorBlock(100, 'Mass or Volume Air Flow', C.maf),
  ...sensorBlock(105, 'Manifold Absolute Pressure/Barometric Pressure', C.map),
  ...sensorBlock(110, 'Intake Air Temperature', C.circuit),
  ...sensorBlock(115, 'Engine Coolant Temperature', C.ect),
  ...sensorBlock(120, 'Throttle/Pedal Position Sensor/Switch A', C.tps),
  ['P0125', 'Insufficient Coolant Temperature for Closed Loop Fuel Control', C.thermostat],
  ['P0126', 'Insufficient Coolant Temperature for Stable Operation', C.thermostat],
  [
    'P0127',
    'Intake Air Temperature Too High',
    ['Failed intake air temperature sensor', 'Intercooler or air intake restriction'],
  ],
  [
    'P0128',
    'Coolant Thermostat (Coolant Temperature Below Thermostat Regulating Temperature)',
    C.thermostat,
  ],
  ...o2,
  ['P0168', 'Fuel Temperature Too High', C.circuit],
  ['P0169', 'Incorrect Fuel Composition', ['Contaminated fuel', 'Failed fuel composition sensor']],
  ['P0170', 'Fuel Trim Malfunction (Bank 1)', C.lean],
  ['P0171', 'System Too Lean (Bank 1)', C.lean],
  ['P0172', 'System Too Rich (Bank 1)', C.rich],
  ['P0173', 'Fuel Trim Malfunction (Bank 2)', C.lean],
  ['P0174', 'System Too Lean (Bank 2)', C.lean],
  ['P0175', 'System Too Rich (Bank 2)', C.rich],
  ['P0176', 'Fuel Composition Sensor Circuit Malfunction', C.circuit],
  ['P0177', 'Fuel Composition Sensor Circuit Range/Performance', C.circuit],
  ['P0178', 'Fuel Composition Sensor Circuit Low Input', C.circuit],
  ['P0179', 'Fuel Composition Sensor Circuit High Input', C.circuit],
  ...sensorBlock(180, 'Fuel Temperature Sensor A'),
  ...sensorBlock(185, 'Fuel Temperature Sensor B'),
  ...sensorBlock(190, 'Fuel Rail Pressure Sensor', C.fuelPressure),
  ...sensorBlock(195, 'Engine Oil Temperature Sensor'),
  // Injectors
  ['P0200', 'Injector Circuit Malfunction', C.injector],
  ...injectorCircuits,
  ['P0213', 'Cold Start Injector 1 Malfunction', C.injector],
  ['P0214', 'Cold Start Injector 2 Malfunction', C.injector],
  ['P0215', 'Engine Shutoff Solenoid Malfunction', C.circuit],
  ['P0216', 'Injection Timing Control Circuit Malfunction', C.circuit],
  [
    'P0217',
    'Engine Overtemperature Condition',
    [
      'Low coolant level',
      'Failed cooling fan',
      'Stuck thermostat',
      'Failed water pump',
      'Clogged radiator',
    ],
  ],
  [
    'P0218',
    'Transmission Over Temperature Condition',
    ['Low or burnt transmission fluid', 'Clogged transmission cooler', 'Heavy towing'],
  ],
  [
    'P0219',
    'Engine Overspeed Condition',
    ['Over-revving (downshift at speed)', 'Failed crankshaft position signal'],
  ],
  ...sensorBlock(220, 'Throttle/Pedal Position Sensor/Switch B', C.tps),
  ...sensorBlock(225, 'Throttle/Pedal Position Sensor/Switch C', C.tps),
  [
    'P0230',
    'Fuel Pump Primary Circuit Malfunction',
    ['Failed fuel pump relay', 'Blown fuel pump fuse', 'Wiring fault'],
  ],
  [
    'P0231',
    'Fuel Pump Secondary Circuit Low',
    ['Failed fuel pump', 'Failed fuel pump relay', 'Wiring fault'],
  ],
  ['P0232', 'Fuel Pump Secondary Circuit High', ['Failed fuel pump relay', 'Wiring fault']],
  ['P0233', 'Fuel Pump Secondary Circuit Intermittent', ['Failing fuel pump', 'Loose connector']],
  [
    'P0234',
    'Turbocharger/Supercharger Overboost Condition',
    [
      'Sticking wastegate or actuator',
      'Failed boost control solenoid',
      'Failed boost pressure sensor',
    ],
  ],
  ['P0235', 'Turbocharger Boost Sensor A Circuit Malfunction', C.circuit],
  ['P0236', 'Turbocharger Boost Sensor A Circuit Range/Performance', C.boostLow],
  ['P0237', 'Turbocharger Boost Sensor A Circuit Low', C.circuit],
  ['P0238', 'Turbocharger Boost Sensor A Circuit High', C.circuit],
  ...injectorLowHigh,
  [
    'P0297',
    'Vehicle Overspeed Condition',
    ['Driven above the programmed limit', 'Failed vehicle speed signal'],
  ],
  [
    'P0298',
    'Engine Oil Over Temperature',
    ['Low oil level', 'Heavy load or towing', 'Failed oil temperature sensor'],
  ],
  ['P0299', 'Turbocharger/Supercharger Underboost', C.boostLow],
  // Ignition and misfire
  ['P0300', 'Random/Multiple Cylinder Misfire Detected', C.misfire],
  ...misfires,
  [
    'P0313',
    'Misfire Detected with Low Fuel',
    ['Fuel level too low', 'Weak fuel pump', 'Failed fuel level sensor'],
  ],
  ['P0314', 'Single Cylinder Misfire (Cylinder not Specified)', C.misfire],
  [
    'P0315',
    'Crankshaft Position System Variation Not Learned',
    ['Crankshaft variation relearn not done after a repair', 'Failed crankshaft position sensor'],
  ],
  ['P0316', 'Misfire Detected on Startup (First 1000 Revolutions)', C.misfire],
  ['P0320', 'Ignition/Distributor Engine Speed Input Circuit Malfunction', C.crank],
  ['P0321', 'Ignition/Distributor Engine Speed Input Circuit Range/Performance', C.crank],
  ['P0322', 'Ignition/Distributor Engine Speed Input Circuit No Signal', C.crank],
  ['P0323', 'Ignition/Distributor Engine Speed Input Circuit Intermittent', C.crank],
  ...knock,
  ['P0335', 'Crankshaft Position Sensor A Circuit Malfunction', C.crank],
  ['P0336', 'Crankshaft Position Sensor A Circuit Range/Performance', C.crank],
  ['P0337', 'Crankshaft Position Sensor A Circuit Low Input', C.crank],
  ['P0338', 'Crankshaft Position Sensor A Circuit High Input', C.crank],
  ['P0339', 'Crankshaft Position Sensor A Circuit Intermittent', C.crank],
  ['P0340', 'Camshaft Position Sensor Circuit Malfunction', C.cam],
  ['P0341', 'Camshaft Position Sensor Circuit Range/Performance', C.cam],
  ['P0342', 'Camshaft Position Sensor Circuit Low Input', C.cam],
  ['P0343', 'Camshaft Position Sensor Circuit High Input', C.cam],
  ['P0344', 'Camshaft Position Sensor Circuit Intermittent', C.cam],
  ['P0345', 'Camshaft Position Sensor A Circuit (Bank 2)', C.cam],
  ['P0346', 'Camshaft Position Sensor A Circuit Range/Performance (Bank 2)', C.cam],
  ['P0347', 'Camshaft Position Sensor A Circuit Low Input (Bank 2)', C.cam],
  ['P0348', 'Camshaft Position Sensor A Circuit High Input (Bank 2)', C.cam],
  ['P0349', 'Camshaft Position Sensor A Circuit Intermittent (Bank 2)', C.cam],
  ['P0350', 'Ignition Coil Primary/Secondary Circuit Malfunction', C.coil],
  ...coils,
  ['P0365', 'Camshaft Position Sensor B Circuit (Bank 1)', C.cam],
  ['P0366', 'Camshaft Position Sensor B Circuit Range/Performance (Bank 1)', C.cam],
  ['P0367', 'Camshaft Position Sensor B Circuit Low Input (Bank 1)', C.cam],
  ['P0368', 'Camshaft Position Sensor B Circuit High Input (Bank 1)', C.cam],
  ['P0369', 'Camshaft Position Sensor B Circuit Intermittent (Bank 1)', C.cam],
  ['P0370', 'Timing Reference High Resolution Signal A Malfunction', C.crank],
  [
    'P0380',
    'Glow Plug/Heater Circuit A Malfunction',
    ['Failed glow plug', 'Failed glow plug relay or module', 'Wiring fault'],
  ],
  ['P0381', 'Glow Plug/Heater Indicator Circuit Malfunction', C.circuit],
  [
    'P0382',
    'Glow Plug/Heater Circuit B Malfunction',
    ['Failed glow plug', 'Failed glow plug relay or module', 'Wiring fault'],
  ],
  ['P0385', 'Crankshaft Position Sensor B Circuit Malfunction', C.crank],
  ['P0386', 'Crankshaft Position Sensor B Circuit Range/Performance', C.crank],
  ['P0387', 'Crankshaft Position Sensor B Circuit Low Input', C.crank],
  ['P0388', 'Crankshaft Position Sensor B Circuit High Input', C.crank],
  ['P0389', 'Crankshaft Position Sensor B Circuit Intermittent', C.crank],
  ['P0390', 'Camshaft Position Sensor B Circuit (Bank 2)', C.cam],
  // Auxiliary emission controls
  ['P0400', 'Exhaust Gas Recirculation Flow Malfunction', C.egrLow],
  ['P0401', 'Exhaust Gas Recirculation Flow Insufficient Detected', C.egrLow],
  [
    'P0402',
    'Exhaust Gas Recirculation Flow Excessive Detected',
    ['EGR valve stuck open', 'Failed EGR control solenoid', 'Failed EGR position sensor'],
  ],
  ['P0403', 'Exhaust Gas Recirculation Circuit Malfunction', C.circuit],
  ['P0404', 'Exhaust Gas Recirculation Circuit Range/Performance', C.egrLow],
  ['P0405', 'Exhaust Gas Recirculation Sensor A Circuit Low', C.circuit],
  ['P0406', 'Exhaust Gas Recirculation Sensor A Circuit High', C.circuit],
  ['P0407', 'Exhaust Gas Recirculation Sensor B Circuit Low', C.circuit],
  ['P0408', 'Exhaust Gas Recirculation Sensor B Circuit High', C.circuit],
  ['P0410', 'Secondary Air Injection System Malfunction', C.secondaryAir],
  ['P0411', 'Secondary Air Injection System Incorrect Flow Detected', C.secondaryAir],
  ['P0412', 'Secondary Air Injection System Switching Valve A Circuit Malfunction', C.secondaryAir],
  ['P0413', 'Secondary Air Injection System Switching Valve A Circuit Open', C.secondaryAir],
  ['P0414', 'Secondary Air Injection System Switching Valve A Circuit Shorted', C.secondaryAir],
  ['P0415', 'Secondary Air Injection System Switching Valve B Circuit Malfunction', C.secondaryAir],
  ['P0416', 'Secondary Air Injection System Switching Valve B Circuit Open', C.secondaryAir],
  ['P0417', 'Secondary Air Injection System Switching Valve B Circuit Shorted', C.secondaryAir],
  ['P0418', 'Secondary Air Injection System Relay A Circuit Malfunction', C.secondaryAir],
  ['P0419', 'Secondary Air Injection System Relay B Circuit Malfunction', C.secondaryAir],
  ...catalysts,
  ['P0440', 'Evaporative Emission Control System Malfunction', C.evapLeak],
  [
    'P0441',
    'Evaporative Emission Control System Incorrect Purge Flow',
    ['Failed purge valve', 'Cracked or disconnected purge hose', 'Failed purge flow sensor'],
  ],
  ['P0442', 'Evaporative Emission Control System Leak Detected (Small Leak)', C.evapLeak],
  [
    'P0443',
    'Evaporative Emission Control System Purge Control Valve Circuit Malfunction',
    ['Failed purge valve solenoid', 'Wiring or connector fault'],
  ],
  [
    'P0444',
    'Evaporative Emission Control System Purge Control Valve Circuit Open',
    ['Failed purge valve solenoid', 'Open wiring'],
  ],
  [
    'P0445',
    'Evaporative Emission Control System Purge Control Valve Circuit Shorted',
    ['Failed purge valve solenoid', 'Shorted wiring'],
  ],
  [
    'P0446',
    'Evaporative Emission Control System Vent Control Circuit Malfunction',
    ['Failed or blocked vent valve', 'Clogged canister vent filter', 'Wiring fault'],
  ],
  [
    'P0447',
    'Evaporative Emission Control System Vent Control Circuit Open',
    ['Failed vent valve solenoid', 'Open wiring'],
  ],
  [
    'P0448',
    'Evaporative Emission Control System Vent Control Circuit Shorted',
    ['Failed vent valve solenoid', 'Shorted wiring'],
  ],
  [
    'P0449',
    'Evaporative Emission Control System Vent Valve/Solenoid Circuit Malfunction',
    ['Failed vent valve solenoid', 'Wiring fault'],
  ],
  ['P0450', 'Evaporative Emission Control System Pressure Sensor Malfunction', C.circuit],
  ['P0451', 'Evaporative Emission Control System Pressure Sensor Range/Performance', C.circuit],
  ['P0452', 'Evaporative Emission Control System Pressure Sensor Low Input', C.circuit],
  ['P0453', 'Evaporative Emission Control System Pressure Sensor High Input', C.circuit],
  ['P0454', 'Evaporative Emission Control System Pressure Sensor Intermittent', C.circuit],
  ['P0455', 'Evaporative Emission Control System Leak Detected (Gross Leak/No Flow)', C.evapLeak],
  ['P0456', 'Evaporative Emission Control System Leak Detected (Very Small Leak)', C.evapLeak],
  [
    'P0457',
    'Evaporative Emission Control System Leak Detected (Fuel Cap Loose/Off)',
    ['Fuel cap loose, missing or worn seal', 'Damaged filler neck'],
  ],
  ...sensorBlock(460, 'Fuel Level Sensor', [
    'Failed fuel level sender',
    'Wiring or connector fault',
    'Instrument cluster fault',
  ]),
  ...sensorBlock(465, 'EVAP Purge Flow Sensor'),
  ...sensorBlock(470, 'Exhaust Pressure Sensor'),
  ['P0475', 'Exhaust Pressure Control Valve Malfunction', C.circuit],
  ['P0476', 'Exhaust Pressure Control Valve Range/Performance', C.circuit],
  ['P0477', 'Exhaust Pressure Control Valve Low', C.circuit],
  ['P0478', 'Exhaust Pressure Control Valve High', C.circuit],
  ['P0479', 'Exhaust Pressure Control Valve Intermittent', C.circuit],
  [
    'P0480',
    'Cooling Fan 1 Control Circuit Malfunction',
    ['Failed cooling fan relay', 'Failed fan motor', 'Blown fuse or wiring fault'],
  ],
  [
    'P0481',
    'Cooling Fan 2 Control Circuit Malfunction',
    ['Failed cooling fan relay', 'Failed fan motor', 'Blown fuse or wiring fault'],
  ],
  [
    'P0482',
    'Cooling Fan 3 Control Circuit Malfunction',
    ['Failed cooling fan relay', 'Failed fan motor', 'Blown fuse or wiring fault'],
  ],
  ['P0483', 'Cooling Fan Rationality Check Malfunction', ['Failed fan motor', 'Failed fan relay']],
  ['P0484', 'Cooling Fan Circuit Over Current', ['Seizing fan motor', 'Shorted wiring']],
  [
    'P0485',
    'Cooling Fan Power/Ground Circuit Malfunction',
    ['Poor fan ground', 'Blown fuse', 'Wiring fault'],
  ],
  // Speed, idle and auxiliary inputs
  ['P0500', 'Vehicle Speed Sensor Malfunction', C.vss],
  ['P0501', 'Vehicle Speed Sensor Range/Performance', C.vss],
  ['P0502', 'Vehicle Speed Sensor Circuit Low Input', C.vss],
  ['P0503', 'Vehicle Speed Sensor Intermittent/Erratic/High', C.vss],
  ['P0505', 'Idle Control System Malfunction', C.idle],
  ['P0506', 'Idle Control System RPM Lower Than Expected', C.idle],
  [
    'P0507',
    'Idle Control System RPM Higher Than Expected',
    ['Vacuum leak', 'Dirty or sticking idle air control valve', 'Dirty throttle body'],
  ],
  ['P0510', 'Closed Throttle Position Switch Malfunction', C.tps],
  [
    'P0520',
    'Engine Oil Pressure Sensor/Switch Circuit Malfunction',
    ['Failed oil pressure sensor', 'Low oil level or pressure', 'Wiring fault'],
  ],
  [
    'P0521',
    'Engine Oil Pressure Sensor/Switch Range/Performance',
    [
      'Low oil level',
      'Wrong oil viscosity',
      'Failed oil pressure sensor',
      'Worn oil pump or bearings',
    ],
  ],
  [
    'P0522',
    'Engine Oil Pressure Sensor/Switch Low Voltage',
    ['Failed oil pressure sensor', 'Wiring fault'],
  ],
  [
    'P0523',
    'Engine Oil Pressure Sensor/Switch High Voltage',
    ['Failed oil pressure sensor', 'Wiring fault'],
  ],
  ['P0530', 'A/C Refrigerant Pressure Sensor Circuit Malfunction', C.circuit],
  [
    'P0531',
    'A/C Refrigerant Pressure Sensor Circuit Range/Performance',
    ['Incorrect refrigerant charge', 'Failed pressure sensor'],
  ],
  [
    'P0532',
    'A/C Refrigerant Pressure Sensor Circuit Low Input',
    ['Low refrigerant charge', 'Failed pressure sensor', 'Wiring fault'],
  ],
  [
    'P0533',
    'A/C Refrigerant Pressure Sensor Circuit High Input',
    ['Overcharged system', 'Failed condenser fan', 'Failed pressure sensor'],
  ],
  ['P0534', 'A/C Refrigerant Charge Loss', ['Refrigerant leak']],
  ['P0550', 'Power Steering Pressure Sensor Circuit Malfunction', C.circuit],
  ['P0551', 'Power Steering Pressure Sensor Circuit Range/Performance', C.circuit],
  ['P0552', 'Power Steering Pressure Sensor Circuit Low Input', C.circuit],
  ['P0553', 'Power Steering Pressure Sensor Circuit High Input', C.circuit],
  ['P0554', 'Power Steering Pressure Sensor Circuit Intermittent', C.circuit],
  ['P0560', 'System Voltage Malfunction', C.voltage],
  ['P0561', 'System Voltage Unstable', C.voltage],
  ['P0562', 'System Voltage Low', C.voltage],
  [
    'P0563',
    'System Voltage High',
    ['Failed voltage regulator or alternator', 'Poor regulator sense circuit'],
  ],
  [
    'P0565',
    'Cruise Control On Signal Malfunction',
    ['Failed cruise control switch', 'Clock spring fault'],
  ],
  [
    'P0566',
    'Cruise Control Off Signal Malfunction',
    ['Failed cruise control switch', 'Clock spring fault'],
  ],
  [
    'P0567',
    'Cruise Control Resume Signal Malfunction',
    ['Failed cruise control switch', 'Clock spring fault'],
  ],
  [
    'P0568',
    'Cruise Control Set Signal Malfunction',
    ['Failed cruise control switch', 'Clock spring fault'],
  ],
  [
    'P0569',
    'Cruise Control Coast Signal Malfunction',
    ['Failed cruise control switch', 'Clock spring fault'],
  ],
  [
    'P0570',
    'Cruise Control Accel Signal Malfunction',
    ['Failed cruise control switch', 'Clock spring fault'],
  ],
  [
    'P0571',
    'Cruise Control/Brake Switch A Circuit Malfunction',
    ['Misadjusted or failed brake light switch', 'Wiring fault'],
  ],
  [
    'P0572',
    'Cruise Control/Brake Switch A Circuit Low',
    ['Failed brake light switch', 'Wiring fault'],
  ],
  [
    'P0573',
    'Cruise Control/Brake Switch A Circuit High',
    ['Failed brake light switch', 'Wiring fault'],
  ],
  // Control module and outputs
  ['P0600', 'Serial Communication Link Malfunction', C.network],
  ['P0601', 'Internal Control Module Memory Check Sum Error', C.module],
  ['P0602', 'Control Module Programming Error', C.module],
  [
    'P0603',
    'Internal Control Module Keep Alive Memory (KAM) Error',
    ['Battery disconnected or discharged', 'Poor module power supply', 'Control module fault'],
  ],
  ['P0604', 'Internal Control Module Random Access Memory (RAM) Error', C.module],
  ['P0605', 'Internal Control Module Read Only Memory (ROM) Error', C.module],
  ['P0606', 'Control Module Processor Fault', C.module],
  ['P0607', 'Control Module Performance', C.module],
  ['P0608', 'Control Module VSS Output A Malfunction', C.module],
  ['P0609', 'Control Module VSS Output B Malfunction', C.module],
  [
    'P0620',
    'Generator Control Circuit Malfunction',
    ['Failed alternator', 'Wiring fault between the control module and alternator'],
  ],
  [
    'P0621',
    'Generator Lamp L Terminal Control Circuit Malfunction',
    ['Failed alternator', 'Wiring fault'],
  ],
  [
    'P0622',
    'Generator Field F Terminal Control Circuit Malfunction',
    ['Failed alternator', 'Wiring fault'],
  ],
  [
    'P0627',
    'Fuel Pump A Control Circuit/Open',
    ['Failed fuel pump relay or module', 'Open wiring'],
  ],
  ['P0628', 'Fuel Pump A Control Circuit Low', ['Shorted wiring', 'Failed fuel pump module']],
  ['P0629', 'Fuel Pump A Control Circuit High', ['Shorted wiring', 'Failed fuel pump module']],
  [
    'P0630',
    'VIN Not Programmed or Mismatch - ECM/PCM',
    ['Replacement module not programmed with the VIN'],
  ],
  [
    'P0641',
    'Sensor Reference Voltage A Circuit/Open',
    ['A shorted sensor on the 5 V reference circuit', 'Wiring fault', 'Control module fault'],
  ],
  [
    'P0642',
    'Sensor Reference Voltage A Circuit Low',
    ['A shorted sensor on the 5 V reference circuit', 'Wiring fault'],
  ],
  [
    'P0643',
    'Sensor Reference Voltage A Circuit High',
    ['Reference circuit shorted to voltage', 'Control module fault'],
  ],
  ['P0645', 'A/C Clutch Relay Control Circuit', ['Failed A/C clutch relay', 'Wiring fault']],
  [
    'P0650',
    'Malfunction Indicator Lamp (MIL) Control Circuit Malfunction',
    ['Failed bulb or cluster', 'Wiring fault'],
  ],
  [
    'P0651',
    'Sensor Reference Voltage B Circuit/Open',
    ['A shorted sensor on the 5 V reference circuit', 'Wiring fault'],
  ],
  [
    'P0654',
    'Engine RPM Output Circuit Malfunction',
    ['Wiring fault to the tachometer', 'Instrument cluster fault'],
  ],
  [
    'P0660',
    'Intake Manifold Tuning Valve Control Circuit/Open (Bank 1)',
    ['Failed tuning valve actuator', 'Open wiring'],
  ],
  [
    'P0685',
    'ECM/PCM Power Relay Control Circuit/Open',
    ['Failed main relay', 'Wiring fault', 'Ignition switch fault'],
  ],
  [
    'P0688',
    'ECM/PCM Power Relay Sense Circuit/Open',
    ['Failed main relay', 'Blown fuse', 'Wiring fault'],
  ],
  // Transmission
  [
    'P0700',
    'Transmission Control System Malfunction',
    ['A transmission control module code is stored: read the TCM', 'Wiring between the modules'],
  ],
  [
    'P0705',
    'Transmission Range Sensor Circuit Malfunction (PRNDL Input)',
    ['Misadjusted or failed range sensor', 'Wiring fault'],
  ],
  [
    'P0706',
    'Transmission Range Sensor Circuit Range/Performance',
    ['Misadjusted or failed range sensor', 'Shift linkage out of adjustment'],
  ],
  ['P0707', 'Transmission Range Sensor Circuit Low Input', ['Failed range sensor', 'Wiring fault']],
  [
    'P0708',
    'Transmission Range Sensor Circuit High Input',
    ['Failed range sensor', 'Wiring fault'],
  ],
  [
    'P0709',
    'Transmission Range Sensor Circuit Intermittent',
    ['Failed range sensor', 'Loose connector'],
  ],
  ...sensorBlock(710, 'Transmission Fluid Temperature Sensor', [
    'Failed fluid temperature sensor',
    'Wiring fault',
    'Overheated transmission fluid',
  ]),
  ['P0715', 'Input/Turbine Speed Sensor Circuit Malfunction', C.vss],
  ['P0716', 'Input/Turbine Speed Sensor Circuit Range/Performance', C.vss],
  ['P0717', 'Input/Turbine Speed Sensor Circuit No Signal', C.vss],
  ['P0718', 'Input/Turbine Speed Sensor Circuit Intermittent', C.vss],
  ['P0720', 'Output Speed Sensor Circuit Malfunction', C.vss],
  ['P0721', 'Output Speed Sensor Circuit Range/Performance', C.vss],
  ['P0722', 'Output Speed Sensor Circuit No Signal', C.vss],
  ['P0723', 'Output Speed Sensor Circuit Intermittent', C.vss],
  ['P0725', 'Engine Speed Input Circuit Malfunction', C.crank],
  ['P0726', 'Engine Speed Input Circuit Range/Performance', C.crank],
  ['P0727', 'Engine Speed Input Circuit No Signal', C.crank],
  ['P0728', 'Engine Speed Input Circuit Intermittent', C.crank],
  ...gearRatios,
  ['P0740', 'Torque Converter Clutch Circuit Malfunction', C.tcc],
  ['P0741', 'Torque Converter Clutch Circuit Performance or Stuck Off', C.tcc],
  ['P0742', 'Torque Converter Clutch Circuit Stuck On', C.tcc],
  ['P0743', 'Torque Converter Clutch Circuit Electrical', C.tcc],
  ['P0744', 'Torque Converter Clutch Circuit Intermittent', C.tcc],
  ['P0745', 'Pressure Control Solenoid Malfunction', C.tcmSolenoid],
  ['P0746', 'Pressure Control Solenoid Performance or Stuck Off', C.tcmSolenoid],
  ['P0747', 'Pressure Control Solenoid Stuck On', C.tcmSolenoid],
  ['P0748', 'Pressure Control Solenoid Electrical', C.tcmSolenoid],
  ['P0749', 'Pressure Control Solenoid Intermittent', C.tcmSolenoid],
  ...shiftSolenoids,
  ['P0780', 'Shift Malfunction', C.ratio],
  ['P0781', '1-2 Shift Malfunction', C.ratio],
  ['P0782', '2-3 Shift Malfunction', C.ratio],
  ['P0783', '3-4 Shift Malfunction', C.ratio],
  ['P0784', '4-5 Shift Malfunction', C.ratio],
  ['P0801', 'Reverse Inhibit Control Circuit Malfunction', C.circuit],
  [
    'P0850',
    'Park/Neutral Switch Input Circuit',
    ['Misadjusted or failed park/neutral switch', 'Wiring fault'],
  ],
  // P2 generic powertrain
  ['P2002', 'Diesel Particulate Filter Efficiency Below Threshold (Bank 1)', C.dpf],
  [
    'P2004',
    'Intake Manifold Runner Control Stuck Open (Bank 1)',
    ['Carbon build-up on the runners', 'Failed runner control actuator'],
  ],
  [
    'P2006',
    'Intake Manifold Runner Control Stuck Closed (Bank 1)',
    ['Carbon build-up on the runners', 'Failed runner control actuator'],
  ],
  [
    'P2008',
    'Intake Manifold Runner Control Circuit/Open (Bank 1)',
    ['Failed runner control actuator', 'Open wiring'],
  ],
  [
    'P2015',
    'Intake Manifold Runner Position Sensor/Switch Circuit Range/Performance (Bank 1)',
    ['Worn or broken runner linkage', 'Failed position sensor'],
  ],
  [
    'P2096',
    'Post Catalyst Fuel Trim System Too Lean (Bank 1)',
    ['Exhaust leak near the downstream sensor', 'Failed downstream oxygen sensor', 'Vacuum leak'],
  ],
  [
    'P2097',
    'Post Catalyst Fuel Trim System Too Rich (Bank 1)',
    ['Failed catalytic converter', 'Failed downstream oxygen sensor', 'Leaking injector'],
  ],
  [
    'P2098',
    'Post Catalyst Fuel Trim System Too Lean (Bank 2)',
    ['Exhaust leak near the downstream sensor', 'Failed downstream oxygen sensor', 'Vacuum leak'],
  ],
  [
    'P2099',
    'Post Catalyst Fuel Trim System Too Rich (Bank 2)',
    ['Failed catalytic converter', 'Failed downstream oxygen sensor', 'Leaking injector'],
  ],
  [
    'P2101',
    'Throttle Actuator Control Motor Circuit Range/Performance',
    ['Dirty or failed electronic throttle body', 'Wiring fault'],
  ],
  [
    'P2111',
    'Throttle Actuator Control System - Stuck Open',
    ['Dirty or failed electronic throttle body'],
  ],
  [
    'P2112',
    'Throttle Actuator Control System - Stuck Closed',
    ['Carbon build-up in the throttle body', 'Failed electronic throttle body'],
  ],
  [
    'P2119',
    'Throttle Actuator Control Throttle Body Range/Performance',
    ['Dirty or failed electronic throttle body'],
  ],
  [
    'P2122',
    'Throttle/Pedal Position Sensor/Switch D Circuit Low Input',
    ['Failed accelerator pedal sensor', 'Wiring fault'],
  ],
  [
    'P2123',
    'Throttle/Pedal Position Sensor/Switch D Circuit High Input',
    ['Failed accelerator pedal sensor', 'Wiring fault'],
  ],
  [
    'P2127',
    'Throttle/Pedal Position Sensor/Switch E Circuit Low Input',
    ['Failed accelerator pedal sensor', 'Wiring fault'],
  ],
  [
    'P2128',
    'Throttle/Pedal Position Sensor/Switch E Circuit High Input',
    ['Failed accelerator pedal sensor', 'Wiring fault'],
  ],
  [
    'P2135',
    'Throttle/Pedal Position Sensor/Switch A/B Voltage Correlation',
    ['Failed throttle body position sensors', 'Corroded throttle body connector'],
  ],
  [
    'P2138',
    'Throttle/Pedal Position Sensor/Switch D/E Voltage Correlation',
    ['Failed accelerator pedal sensor', 'Corroded pedal connector'],
  ],
  ['P2187', 'System Too Lean at Idle (Bank 1)', C.lean],
  ['P2188', 'System Too Rich at Idle (Bank 1)', C.rich],
  ['P2189', 'System Too Lean at Idle (Bank 2)', C.lean],
  ['P2190', 'System Too Rich at Idle (Bank 2)', C.rich],
  ['P2195', 'O2 Sensor Signal Stuck Lean (Bank 1 Sensor 1)', [...C.o2, 'Vacuum leak']],
  ['P2196', 'O2 Sensor Signal Stuck Rich (Bank 1 Sensor 1)', [...C.o2, 'Leaking injector']],
  ['P2197', 'O2 Sensor Signal Stuck Lean (Bank 2 Sensor 1)', [...C.o2, 'Vacuum leak']],
  ['P2198', 'O2 Sensor Signal Stuck Rich (Bank 2 Sensor 1)', [...C.o2, 'Leaking injector']],
  ['P2237', 'O2 Sensor Positive Current Control Circuit/Open (Bank 1 Sensor 1)', C.o2],
  ['P2251', 'O2 Sensor Negative Current Control Circuit/Open (Bank 1 Sensor 1)', C.o2],
  ['P2263', 'Turbocharger/Supercharger Boost System Performance', C.boostLow],
  ['P2270', 'O2 Sensor Signal Stuck Lean (Bank 1 Sensor 2)', C.o2],
  ['P2271', 'O2 Sensor Signal Stuck Rich (Bank 1 Sensor 2)', C.o2],
  ['P2272', 'O2 Sensor Signal Stuck Lean (Bank 2 Sensor 2)', C.o2],
  ['P2273', 'O2 Sensor Signal Stuck Rich (Bank 2 Sensor 2)', C.o2],
  [
    'P2279',
    'Intake Air System Leak',
    ['Cracked intake boot or hose', 'Leaking intake manifold gasket', 'Loose PCV hose'],
  ],
  ...coilControls,
  [
    'P2400',
    'Evaporative Emission System Leak Detection Pump Control Circuit/Open',
    ['Failed leak detection pump', 'Open wiring'],
  ],
  [
    'P2401',
    'Evaporative Emission System Leak Detection Pump Control Circuit Low',
    ['Failed leak detection pump', 'Shorted wiring'],
  ],
  [
    'P2402',
    'Evaporative Emission System Leak Detection Pump Control Circuit High',
    ['Failed leak detection pump', 'Shorted wiring'],
  ],
  [
    'P2404',
    'Evaporative Emission System Leak Detection Pump Sense Circuit Range/Performance',
    ['Failed leak detection pump', 'Blocked vent filter'],
  ],
  [
    'P2422',
    'Evaporative Emission System Vent Valve Stuck Closed',
    ['Failed vent valve', 'Clogged canister vent filter'],
  ],
  ['P2440', 'Secondary Air Injection System Switching Valve Stuck Open (Bank 1)', C.secondaryAir],
  ['P2444', 'Secondary Air Injection System Pump Stuck On (Bank 1)', C.secondaryAir],
  ['P2452', 'Diesel Particulate Filter Pressure Sensor A Circuit', C.dpf],
  ['P2453', 'Diesel Particulate Filter Pressure Sensor A Circuit Range/Performance', C.dpf],
  ['P2454', 'Diesel Particulate Filter Pressure Sensor A Circuit Low', C.dpf],
  ['P2455', 'Diesel Particulate Filter Pressure Sensor A Circuit High', C.dpf],
  ['P2459', 'Diesel Particulate Filter Regeneration Frequency', C.dpf],
  ['P2463', 'Diesel Particulate Filter Restriction - Soot Accumulation', C.dpf],
  ['P2610', 'ECM/PCM Internal Engine Off Timer Performance', C.module],
  [
    'P2646',
    '"A" Rocker Arm Actuator System Performance or Stuck Off (Bank 1)',
    ['Low or dirty engine oil', 'Failed rocker arm oil control solenoid'],
  ],
  [
    'P2647',
    '"A" Rocker Arm Actuator System Stuck On (Bank 1)',
    ['Low or dirty engine oil', 'Failed rocker arm oil control solenoid'],
  ],
  [
    'P2A00',
    'O2 Sensor Circuit Range/Performance (Bank 1 Sensor 1)',
    [...C.o2, 'Vacuum or exhaust leak'],
  ],
  [
    'P2A03',
    'O2 Sensor Circuit Range/Performance (Bank 2 Sensor 1)',
    [...C.o2, 'Vacuum or exhaust leak'],
  ],
];

const WHEELS = [
  ['C0035', 'Left Front'],
  ['C0040', 'Right Front'],
  ['C0045', 'Left Rear'],
  ['C0050', 'Right Rear'],
] as const;

const chassis: Entry[] = [
  ...WHEELS.map(([code, w]) => [code, `${w} Wheel Speed Sensor Circuit`, C.wheelSpeed] as Entry),
  [
    'C0110',
    'Pump Motor Circuit',
    ['Failed ABS pump motor', 'Blown pump fuse or relay', 'Poor ground'],
  ],
  [
    'C0121',
    'Valve Relay Circuit',
    ['Failed ABS valve relay', 'Blown fuse', 'Control module fault'],
  ],
  [
    'C0161',
    'ABS/TCS Brake Switch Circuit',
    ['Misadjusted or failed brake light switch', 'Wiring fault'],
  ],
];

const body: Entry[] = [
  ['B0001', 'Driver Frontal Stage 1 Deployment Control', C.airbag],
  ['B0002', 'Driver Frontal Stage 2 Deployment Control', C.airbag],
  ['B0010', 'Passenger Frontal Stage 1 Deployment Control', C.airbag],
  ['B0011', 'Passenger Frontal Stage 2 Deployment Control', C.airbag],
];

const MODULES: [number, string][] = [
  [100, 'ECM/PCM "A"'],
  [101, 'TCM'],
  [102, 'Transfer Case Control Module'],
  [103, 'Gear Shift Module'],
  [104, 'Cruise Control Module'],
  [105, 'Fuel Injector Control Module'],
  [106, 'Glow Plug Control Module'],
  [107, 'Throttle Actuator Control Module'],
  [109, 'Fuel Pump Control Module'],
  [114, 'Four-Wheel Drive Clutch Control Module'],
  [115, 'ECM/PCM "B"'],
  [121, 'Anti-Lock Brake System (ABS) Control Module'],
  [122, 'Vehicle Dynamics Control Module'],
  [123, 'Yaw Rate Sensor Module'],
  [124, 'Lateral Acceleration Sensor Module'],
  [126, 'Steering Angle Sensor Module'],
  [127, 'Tire Pressure Monitor Module'],
  [128, 'Park Brake Control Module'],
  [129, 'Brake System Control Module'],
  [131, 'Power Steering Control Module'],
  [140, 'Body Control Module'],
  [151, 'Restraints Control Module'],
  [155, 'Instrument Panel Cluster (IPC) Control Module'],
  [164, 'HVAC Control Module'],
  [168, 'Vehicle Security Control Module'],
  [184, 'Radio'],
];

const network: Entry[] = [
  ['U0001', 'High Speed CAN Communication Bus', C.network],
  ['U0002', 'High Speed CAN Communication Bus Performance', C.network],
  ['U0003', 'High Speed CAN Communication Bus (+) Open', C.network],
  ['U0004', 'High Speed CAN Communication Bus (+) Low', C.network],
  ['U0005', 'High Speed CAN Communication Bus (+) High', C.network],
  ['U0006', 'High Speed CAN Communication Bus (-) Open', C.network],
  ['U0007', 'High Speed CAN Communication Bus (-) Low', C.network],
  ['U0008', 'High Speed CAN Communication Bus (-) High', C.network],
  ['U0009', 'High Speed CAN Communication Bus (-) Shorted to Bus (+)', C.network],
  ['U0010', 'Medium Speed CAN Communication Bus', C.network],
  ['U0019', 'Low Speed CAN Communication Bus', C.network],
  ['U0073', 'Control Module Communication Bus "A" Off', C.network],
  ['U0074', 'Control Module Communication Bus "B" Off', C.network],
  ...MODULES.map(([n, m]) => [`U${num(n)}`, `Lost Communication With ${m}`, C.network] as Entry),
  ['U0401', 'Invalid Data Received From ECM/PCM "A"', C.module],
  ['U0402', 'Invalid Data Received From TCM', C.module],
  ['U0415', 'Invalid Data Received From Anti-Lock Brake System (ABS) Control Module', C.module],
  ['U0422', 'Invalid Data Received From Body Control Module', C.module],
  ['U0423', 'Invalid Data Received From Instrument Panel Cluster Control Module', C.module],
];

export type DtcEntry = { code: string; description: string; causes: readonly string[] };

/** Every code of the table by its code (upper case), in code order. */
export const DTC_TABLE: ReadonlyMap<string, DtcEntry> = new Map(
  [...powertrain, ...chassis, ...body, ...network]
    .map(([code, description, causes]) => ({ code, description, causes: causes ?? [] }))
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((e) => [e.code, e] as const),
);
