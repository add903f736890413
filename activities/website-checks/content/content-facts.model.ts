/**
 * Content facts of a page reading: title, language (declared by <html lang> or Content-Language,
 * else detected from the text with franc), contact details (emails; phone numbers found with
 * libphonenumber-js, in E.164; postal addresses from JSON-LD PostalAddress and <address>),
 * links to a privacy policy and to terms, and the signs of a parked / for-sale domain or a site
 * under construction (phrases in several languages, domain marketplaces, default server pages).
 * Pure: a reading in, facts out.
 */
import { franc } from 'franc-min';
import { iso6393To1 } from 'iso-639-3';
import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js';
import type { PageReading } from './page-reader.js';

export interface ContentFacts {
  title: string | null;
  language: string | null;
  language_source: 'html_lang' | 'content_language' | 'detected' | null;
  emails: string[];
  phones: string[];
  addresses: string[];
  has_privacy_policy: boolean;
  has_terms: boolean;
  parked_or_for_sale: boolean;
  under_construction: boolean;
  /** The phrases or links that made parked_or_for_sale / under_construction true. */
  signals: string[];
}

const MAX_ITEMS = 20;

const PRIVACY = /privacy|datenschutz|confidentialit|donn[ée]es personnelles|privacidad|privacidade|riservatezza|privacybeleid|prywatno|gdpr|dsgvo/i;
const TERMS = /terms|conditions|\bagb\b|\bcgv\b|\bcgu\b|t[ée]rminos|termos|condizioni|nutzungsbedingungen|voorwaarden|regulamin|\btos\b/i;

const PARKED_PHRASES = [
  /this domain (name )?(is|may be) for sale/i, /domain (name )?is for sale/i, /buy this domain/i, /make an offer on this domain/i,
  /this (web ?page|domain|site) is parked/i, /parked (free|domain)/i, /domain parking/i, /the domain .{1,80} (has expired|is available)/i,
  /diese domain (steht zum verkauf|kaufen)/i, /ce (nom de )?domaine est [àa] vendre/i, /este dominio (est[áa] a la venta|se vende)/i,
  /inquire about this domain/i,
];
const MARKETPLACES = /(^|\.)(sedo\.com|dan\.com|afternic\.com|hugedomains\.com|bodis\.com|parkingcrew\.net|above\.com|undeveloped\.com|sav\.com|atom\.com|squadhelp\.com)$/i;
const CONSTRUCTION_PHRASES = [
  /under construction/i, /coming soon/i, /launching soon/i, /site (is )?under maintenance/i, /website is being built/i,
  /en construction/i, /im aufbau/i, /in arbeit/i, /en construcci[óo]n/i, /em constru[çc][ãa]o/i, /in costruzione/i, /in aanbouw/i,
  /welcome to nginx/i, /apache2? .{0,20}default page/i, /^it works!?$/im, /test page for the (apache|nginx)/i, /iis windows server/i,
  /default web site page/i, /^index of \//im,
];

function normaliseLanguage(tag: string): string | null {
  const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return /^[a-z]{2,3}$/.test(primary) ? primary : null;
}

function language(page: PageReading, contentLanguage: string | undefined): Pick<ContentFacts, 'language' | 'language_source'> {
  const declared = page.lang ? normaliseLanguage(page.lang) : null;
  if (declared) return { language: declared, language_source: 'html_lang' };
  const header = contentLanguage ?? page.meta['content-language'];
  const fromHeader = header ? normaliseLanguage(header.split(',')[0]!) : null;
  if (fromHeader) return { language: fromHeader, language_source: 'content_language' };
  if (page.text.length < 100) return { language: null, language_source: null };
  const detected = franc(page.text.slice(0, 20_000), { minLength: 100 });
  if (detected === 'und') return { language: null, language_source: null };
  return { language: (iso6393To1 as Record<string, string>)[detected] ?? detected, language_source: 'detected' };
}

function emails(page: PageReading): string[] {
  const found = new Set<string>();
  for (const link of page.links) {
    const match = /^mailto:([^?]+)/i.exec(link.href);
    if (match) found.add(decodeURIComponent(match[1]!).trim().toLowerCase());
  }
  for (const match of page.text.matchAll(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,24}/g)) {
    const email = match[0].toLowerCase();
    // "logo@2x.png" is an image name, not an address.
    if (!/\.(png|jpe?g|gif|svg|webp)$/.test(email)) found.add(email);
  }
  return [...found].filter((e) => /^[^@\s]+@[^@\s]+\.[a-z]{2,24}$/.test(e)).slice(0, MAX_ITEMS);
}

function phones(page: PageReading, defaultCountry: CountryCode | undefined): string[] {
  const found = new Set<string>();
  const options = defaultCountry ? { defaultCountry } : {};
  for (const link of page.links) {
    const match = /^tel:(.+)/i.exec(link.href);
    if (!match) continue;
    for (const n of findPhoneNumbersInText(decodeURIComponent(match[1]!), options)) found.add(n.number.number);
  }
  // In running text, short digit runs (postal codes, years) can parse as numbers of some plan:
  // keep numbers written with at least 7 digits that libphonenumber holds valid.
  const text = page.text.slice(0, 100_000);
  for (const n of findPhoneNumbersInText(text, options)) {
    const written = text.slice(n.startsAt, n.endsAt).replace(/\D/g, '');
    if (written.length >= 7 && n.number.isValid()) found.add(n.number.number);
  }
  return [...found].slice(0, MAX_ITEMS);
}

function postalAddresses(node: unknown, out: string[], depth = 0): void {
  if (depth > 8 || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) postalAddresses(item, out, depth + 1);
    return;
  }
  const r = node as Record<string, unknown>;
  const type = Array.isArray(r['@type']) ? r['@type'] : [r['@type']];
  if (type.includes('PostalAddress') || typeof r.streetAddress === 'string') {
    const country = typeof r.addressCountry === 'object' && r.addressCountry !== null ? (r.addressCountry as { name?: unknown }).name : r.addressCountry;
    const parts = [r.streetAddress, [r.postalCode, r.addressLocality].filter((p) => typeof p === 'string' && p).join(' '), r.addressRegion, country];
    const text = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').map((p) => p.trim()).join(', ');
    if (text) out.push(text);
    return;
  }
  for (const value of Object.values(r)) if (typeof value === 'object') postalAddresses(value, out, depth + 1);
}

export function contentFacts(page: PageReading, context: { contentLanguage?: string; defaultCountry?: string; finalHost: string }): ContentFacts {
  const addresses: string[] = [];
  postalAddresses(page.jsonLd, addresses);
  addresses.push(...page.addressBlocks.map((a) => a.slice(0, 300)));

  const linkTexts = page.links.map((l) => `${l.text} ${l.href}`);
  const signals: string[] = [];
  const haystack = `${page.title ?? ''}\n${page.text.slice(0, 50_000)}`;
  let parked = false;
  for (const phrase of PARKED_PHRASES) {
    const hit = phrase.exec(haystack);
    if (hit) (parked = true), signals.push(`parked: "${hit[0].slice(0, 80)}"`);
  }
  for (const link of page.links) {
    try {
      const host = new URL(link.href, `http://${context.finalHost}/`).hostname;
      if (MARKETPLACES.test(host)) (parked = true), signals.push(`parked: link to ${host}`);
    } catch {
      // not a URL
    }
  }
  let construction = false;
  for (const phrase of CONSTRUCTION_PHRASES) {
    const hit = phrase.exec(haystack);
    if (hit) (construction = true), signals.push(`under_construction: "${hit[0].slice(0, 80)}"`);
  }

  const country = context.defaultCountry && /^[A-Z]{2}$/.test(context.defaultCountry) ? (context.defaultCountry as CountryCode) : undefined;
  return {
    title: page.title,
    ...language(page, context.contentLanguage),
    emails: emails(page),
    phones: phones(page, country),
    addresses: [...new Set(addresses)].slice(0, MAX_ITEMS),
    has_privacy_policy: linkTexts.some((t) => PRIVACY.test(t)),
    has_terms: linkTexts.some((t) => TERMS.test(t)),
    parked_or_for_sale: parked,
    under_construction: construction,
    signals: [...new Set(signals)].slice(0, MAX_ITEMS),
  };
}
