/** The US time zones a technician picks quiet hours in (IANA names, as the server stores). */
export const US_TIME_ZONES: readonly { value: string; label: string }[] = [
  { value: 'America/New_York', label: 'Eastern (New York, DC)' },
  { value: 'America/Chicago', label: 'Central (Chicago)' },
  { value: 'America/Denver', label: 'Mountain (Denver)' },
  { value: 'America/Phoenix', label: 'Mountain, no daylight saving (Phoenix)' },
  { value: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
  { value: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { value: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { value: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
];

export const DEFAULT_TIME_ZONE = 'America/New_York';
