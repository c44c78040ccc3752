// The one currency rule: an ISO 4217 alphabetic code, three capital letters that name a currency of the
// standard's current list, List One (https://www.iso.org/iso-4217-currency-codes.html; published by its
// maintenance agency, SIX: https://www.six-group.com/en/products-services/financial-information/data-standards.html).
// Used for what a person gives (a funding instrument's --currency, a product's price) and for what a reply
// says (an account's or funding instrument's currency, shown beside money).
//
// The list is the project's own rather than the runtime's (Intl.supportedValuesOf('currency')), which
// depends on the ICU a Node build carries and still lists withdrawn codes (HRK, SLL, ZWL). Withdrawn codes
// are refused, and so are List One's entries that have no minor unit (gold and other metals, bond-market
// units, the SDR, the test code XTS and XXX, "no currency"): no price or ad budget is kept in them.
// The fund codes (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW) are currencies of the list and are kept.
const CODES = new Set(
  (
    'AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD ' +
    'CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP ' +
    'GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF ' +
    'KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR ' +
    'MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK ' +
    'SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU ' +
    'UYW UZS VED VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG'
  ).split(' '),
);

/** What is wrong with a currency code (undefined: it is one); the caller names the field. */
export function currencyProblem(code: string): string | undefined {
  if (!/^[A-Z]{3}$/.test(code)) return `must be an ISO 4217 code in capitals, such as USD (got ${JSON.stringify(code)})`;
  if (!CODES.has(code)) return `${code} is not an ISO 4217 currency code`;
  return undefined;
}

/** Whether a value (a reply's field, of any type) is a currency code by the rule above. */
export const isCurrency = (v: unknown): v is string => typeof v === 'string' && currencyProblem(v) === undefined;
