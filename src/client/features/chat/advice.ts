/** Canned advice chosen from the problem a visitor describes. */
const TOPICS: { keywords: RegExp; reply: string }[] = [
  {
    keywords: /brake|squeal|grind|pedal|stopping/i,
    reply:
      'Squealing or grinding brakes usually mean worn pads or rotors. Avoid hard braking and have them inspected soon: a mobile mechanic can replace pads and rotors in your driveway.',
  },
  {
    keywords: /battery|won'?t start|dead|jump|crank|click/i,
    reply:
      'A car that clicks or will not start often has a weak battery or corroded terminals. A technician can test the battery and charging system on site and replace it if needed.',
  },
  {
    keywords: /engine light|check engine|cel|code/i,
    reply:
      'A steady check engine light can be anything from a loose gas cap to a sensor fault; a flashing one means stop driving. A diagnostic scan will read the code and pinpoint the cause.',
  },
  {
    keywords: /overheat|temperature|coolant|steam|hot/i,
    reply:
      'If the engine is overheating, pull over and let it cool before opening the hood. Low coolant, a leak, a failing thermostat or water pump are common causes. Do not keep driving an overheating car.',
  },
  {
    keywords: /noise|knock|rattle|clunk|whine|squeak/i,
    reply:
      'Noises help locate the problem: clunks over bumps point to suspension, whines to belts or the power steering, knocks to the engine. Note when it happens and a technician can diagnose it.',
  },
  {
    keywords: /\bac\b|a\/c|air condition|cold air|warm air/i,
    reply:
      'An AC blowing warm air is often low on refrigerant or has a failing compressor or blend door. A technician can check pressures and recharge or repair it.',
  },
  {
    keywords: /tire|tyre|flat|puncture|pressure|tread/i,
    reply:
      'For a flat or low tire, check the pressure against the door-jamb sticker and look for nails. Worn tread below 2/32" should be replaced. Many mobile mechanics can patch or swap tires on site.',
  },
  {
    keywords: /oil|leak|change|dipstick/i,
    reply:
      'Most cars need an oil change every 5,000 to 7,500 miles. If the oil light is on or you see a leak, check the level right away. A mobile oil change takes about 30 minutes at your home or office.',
  },
];

export const QUICK_ISSUES = [
  'Brakes squeaking',
  "Car won't start",
  'Check engine light',
  'Engine overheating',
  'Strange noises',
  'AC not cooling',
];

export function adviceFor(text: string): string {
  const hit = TOPICS.find((t) => t.keywords.test(text));
  return (
    (hit?.reply ?? 'Thanks for the details. A certified technician can diagnose this on site.') +
    ' Would you like to request service from a certified mechanic near you?'
  );
}
