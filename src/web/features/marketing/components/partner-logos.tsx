// The 18 'trusted by' logos of the landing page. The companies are fictional; each
// logo is our own drawing in public/logos/, served from our origin (the CSP allows no other).
const partners = [
  { slug: "aurobay", name: "Aurobay" },
  { slug: "kantha-co", name: "Kantha&Co" },
  { slug: "lumora", name: "Lumora" },
  { slug: "meghdoot", name: "Meghdoot" },
  { slug: "nilgiri", name: "Nilgiri" },
  { slug: "orbitly", name: "Orbitly" },
  { slug: "pathshala", name: "Pathshala" },
  { slug: "quillcart", name: "Quillcart" },
  { slug: "riverleaf", name: "Riverleaf" },
  { slug: "sonartori", name: "Sonartori" },
  { slug: "tidewell", name: "Tidewell" },
  { slug: "ulkanet", name: "Ulkanet" },
  { slug: "vantaro", name: "Vantaro" },
  { slug: "wavelet", name: "Wavelet" },
  { slug: "yatrico", name: "Yatrico" },
  { slug: "zenfold", name: "Zenfold" },
  { slug: "bokula", name: "Bokula" },
  { slug: "dhakaloom", name: "Dhakaloom" },
] as const;

export const partnerCount = partners.length;

/** The logo grid: 2 columns on phones, 3 on tablets, 6 on wide screens (3 full rows). */
export function PartnerLogos() {
  return (
    <ul className="grid grid-cols-2 gap-x-6 gap-y-8 sm:grid-cols-3 lg:grid-cols-6">
      {partners.map((partner) => (
        <li key={partner.slug} className="flex items-center justify-center">
          <img
            src={`/logos/${partner.slug}.svg`}
            alt={partner.name}
            width={200}
            height={48}
            loading="lazy"
            decoding="async"
            className="h-9 w-auto max-w-full opacity-80"
          />
        </li>
      ))}
    </ul>
  );
}
