// The sales taxes a craft distillery or winery charges on its sales in each province and
// territory, as data: the taxes setup (taxesSetUpForProvince) creates these rows, which the
// company may then edit. Rates are those in force on 2025-04-01 and checked on 2026-11-26:
// - GST 5 % since 2008-01-01 (Excise Tax Act), everywhere; alone in AB, YT, NT, NU.
// - HST (CRA "GST/HST rates"): ON 13 % since 2010-07-01; NB and NL 15 % since 2016-07-01;
//   PE 15 % since 2016-10-01; NS 14 % since 2025-04-01 (15 % before; Nova Scotia Finance,
//   "HST reduction", news release of 2025-01-03).
// - QC: GST 5 % + QST 9.975 % since 2013-01-01, each on the price (not compound since then):
//   one tax of two components, 14.975 %.
// - BC: GST 5 % + PST; PST on liquor is 10 % (not the general 7 %) since the PST returned on
//   2013-04-01 (BC Bulletin PST 121 "Liquor producers"; BC LDB release of 2013-02-15).
// - SK: GST 5 % + the Liquor Consumption Tax 10 % on beer, wine and spirits (liquor is exempt
//   from the 6 % PST; Saskatchewan LCT, rate 10 % since 2002-04-02).
// - MB: GST 5 % + RST 7 % since 2019-07-01 (Manitoba Finance, "Retail Sales Tax": the general
//   rate, charged on the price before GST).
// A tax's rate is the sum of its components; none of these is compound today (PEI's PST and
// Quebec's QST were, before 2013; the tax screen can still describe such a tax).

export interface ProvinceTax {
  code: string;
  name: string;
  rate: string;
  agency: string;
  components: { name: string; rate: string; agency: string; compound: boolean }[];
}

const CRA = 'Canada Revenue Agency';
const GST = { name: 'GST', rate: '5', agency: CRA, compound: false };

const gstOnly: ProvinceTax = { code: 'GST', name: 'GST', rate: '5', agency: CRA, components: [] };
const hst = (province: string, rate: string): ProvinceTax => ({
  code: `HST-${province}`,
  name: `HST ${province}`,
  rate,
  agency: CRA,
  components: [],
});
const gstPlus = (province: string, name: string, rate: string, total: string, agency: string): ProvinceTax => ({
  code: `GST-${name}-${province}`,
  name: `GST + ${name}`,
  rate: total,
  agency: CRA,
  components: [GST, { name, rate, agency, compound: false }],
});

export const PROVINCE_TAXES: Record<string, ProvinceTax[]> = {
  AB: [gstOnly],
  YT: [gstOnly],
  NT: [gstOnly],
  NU: [gstOnly],
  ON: [hst('ON', '13')],
  NB: [hst('NB', '15')],
  NL: [hst('NL', '15')],
  PE: [hst('PE', '15')],
  NS: [hst('NS', '14')],
  QC: [
    {
      code: 'GST-QST',
      name: 'GST + QST',
      rate: '14.975',
      agency: CRA,
      components: [GST, { name: 'QST', rate: '9.975', agency: 'Revenu Québec', compound: false }],
    },
  ],
  BC: [gstPlus('BC', 'PST', '10', '15', 'BC Ministry of Finance')],
  SK: [gstPlus('SK', 'LCT', '10', '15', 'Saskatchewan Ministry of Finance')],
  MB: [gstPlus('MB', 'RST', '7', '12', 'Manitoba Finance')],
};

export const PROVINCES = Object.keys(PROVINCE_TAXES);
