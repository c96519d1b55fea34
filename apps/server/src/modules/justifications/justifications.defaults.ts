/** The Italian set a new workspace starts with (units as Italian practice uses them: ferie in days, ROL in hours). */
export const DEFAULT_JUSTIFICATION_GROUPS = [
  { key: 'ferie', name: 'Ferie e permessi', summarizeable: false },
  { key: 'malattia', name: 'Malattia e infortunio', summarizeable: true },
  { key: 'congedi', name: 'Congedi e tutele', summarizeable: false },
  { key: 'lavoro', name: 'Lavoro fuori sede', summarizeable: false },
  { key: 'altro', name: 'Altre assenze', summarizeable: false },
] as const;

type GroupKey = (typeof DEFAULT_JUSTIFICATION_GROUPS)[number]['key'];

export const DEFAULT_JUSTIFICATIONS: {
  code: string;
  name: string;
  impact: 'decrease' | 'increase' | 'nothing';
  unit: 'hour' | 'day';
  payrollCode: string;
  requiresCertificate?: boolean;
  group: GroupKey;
}[] = [
  { code: 'FER', name: 'Ferie', impact: 'nothing', unit: 'day', payrollCode: 'FE', group: 'ferie' },
  { code: 'ROL', name: 'Permesso ROL', impact: 'nothing', unit: 'hour', payrollCode: 'RO', group: 'ferie' },
  { code: 'EXF', name: 'Ex-festività', impact: 'nothing', unit: 'hour', payrollCode: 'EF', group: 'ferie' },
  { code: 'PNR', name: 'Permesso non retribuito', impact: 'nothing', unit: 'hour', payrollCode: 'PN', group: 'ferie' },
  {
    code: 'MAL',
    name: 'Malattia',
    impact: 'nothing',
    unit: 'day',
    payrollCode: 'MA',
    requiresCertificate: true,
    group: 'malattia',
  },
  {
    code: 'INF',
    name: 'Infortunio sul lavoro',
    impact: 'nothing',
    unit: 'day',
    payrollCode: 'IN',
    requiresCertificate: true,
    group: 'malattia',
  },
  { code: 'L104', name: 'Permesso Legge 104', impact: 'nothing', unit: 'hour', payrollCode: 'PH', group: 'congedi' },
  { code: 'MAT', name: 'Congedo di maternità', impact: 'nothing', unit: 'day', payrollCode: 'MT', group: 'congedi' },
  { code: 'PAT', name: 'Congedo di paternità', impact: 'nothing', unit: 'day', payrollCode: 'PT', group: 'congedi' },
  { code: 'CPAR', name: 'Congedo parentale', impact: 'nothing', unit: 'day', payrollCode: 'CP', group: 'congedi' },
  { code: 'MATR', name: 'Congedo matrimoniale', impact: 'nothing', unit: 'day', payrollCode: 'CM', group: 'congedi' },
  { code: 'LUT', name: 'Permesso per lutto', impact: 'nothing', unit: 'day', payrollCode: 'LU', group: 'congedi' },
  { code: 'DON', name: 'Donazione di sangue', impact: 'nothing', unit: 'day', payrollCode: 'DS', group: 'congedi' },
  { code: 'STU', name: 'Permesso per studio', impact: 'nothing', unit: 'hour', payrollCode: 'PS', group: 'congedi' },
  { code: 'TRA', name: 'Trasferta', impact: 'increase', unit: 'hour', payrollCode: 'TR', group: 'lavoro' },
  { code: 'FOR', name: 'Formazione', impact: 'increase', unit: 'hour', payrollCode: 'FO', group: 'lavoro' },
  { code: 'SW', name: 'Lavoro agile', impact: 'increase', unit: 'hour', payrollCode: 'SW', group: 'lavoro' },
  {
    code: 'USC',
    name: 'Uscita per motivi personali',
    impact: 'decrease',
    unit: 'hour',
    payrollCode: 'UP',
    group: 'altro',
  },
  { code: 'SCI', name: 'Sciopero', impact: 'nothing', unit: 'day', payrollCode: 'SC', group: 'altro' },
];
