import { type CompanyCreate, cnpjOf } from '@backoffice/contracts';

/**
 * Realistic demo companies: Brazilian trading and legal names, a matriz with some filiais sharing
 * its CNPJ root (8 characters) and numbered 0002, 0003…, about one in ten inactive and one in ten
 * with an alphanumeric CNPJ. Deterministic for a given seed, so benchmarks are repeatable.
 */

const SEGMENTS = [
  ['Padaria', 'Panificadora'],
  ['Mercado', 'Comércio de Alimentos'],
  ['Farmácia', 'Drogaria'],
  ['Auto Peças', 'Comércio de Peças Automotivas'],
  ['Construtora', 'Construções e Incorporações'],
  ['Transportadora', 'Transportes e Logística'],
  ['Distribuidora', 'Distribuição de Bebidas'],
  ['Oficina', 'Serviços Automotivos'],
  ['Restaurante', 'Alimentação e Eventos'],
  ['Clínica', 'Serviços Médicos'],
  ['Escola', 'Educação Infantil'],
  ['Laboratório', 'Análises Clínicas'],
  ['Papelaria', 'Artigos de Escritório'],
  ['Ótica', 'Comércio Óptico'],
  ['Livraria', 'Comércio de Livros'],
  ['Pet Shop', 'Produtos Veterinários'],
  ['Academia', 'Atividades Físicas'],
  ['Hotel', 'Hotelaria e Turismo'],
  ['Imobiliária', 'Administração de Imóveis'],
  ['Tecnologia', 'Desenvolvimento de Sistemas'],
] as const;

const NAMES = [
  'São João',
  'Boa Vista',
  'Santa Luzia',
  'Ipiranga',
  'Paulista',
  'Horizonte',
  'Aurora',
  'Três Irmãos',
  'Bela Vista',
  'Nova Esperança',
  'Central',
  'do Vale',
  'Estrela',
  'Primavera',
  'Pioneira',
  'Itaú',
  'Araucária',
  'Jequitibá',
  'Maré Alta',
  'Sol Nascente',
  'Cruzeiro',
  'Tropical',
  'Serra Azul',
  'Açaí',
  'Guanabara',
  'Pantanal',
  'Cerrado',
  'Ibirapuera',
  'Copacabana',
  'Pelourinho',
  'Paraná',
  'Tietê',
];

const SURNAMES = [
  'Silva',
  'Souza',
  'Oliveira',
  'Santos',
  'Pereira',
  'Lima',
  'Carvalho',
  'Ferreira',
  'Rodrigues',
  'Almeida',
  'Costa',
  'Gomes',
  'Martins',
  'Araújo',
  'Ribeiro',
  'Barbosa',
  'Conceição',
  'Gonçalves',
  'Fernandes',
  'Assunção',
];

const CITIES = [
  'São Paulo',
  'Rio de Janeiro',
  'Belo Horizonte',
  'Curitiba',
  'Porto Alegre',
  'Salvador',
  'Recife',
  'Fortaleza',
  'Goiânia',
  'Belém',
  'Manaus',
  'Florianópolis',
  'Vitória',
  'Maceió',
  'Natal',
  'Cuiabá',
  'Londrina',
  'Niterói',
];

const SUFFIXES = ['Ltda', 'Ltda', 'Ltda', 'S.A.', 'ME', 'EPP'];

/** Small seeded PRNG (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A distinct 8-character CNPJ root for each group number (numeric or alphanumeric). */
function cnpjRoot(group: number, alphanumeric: boolean): string {
  if (!alphanumeric) return String((group * 7_919 + 10_000_019) % 100_000_000).padStart(8, '0');
  let n = group * 7_919 + 1_000_003;
  let out = '';
  for (let i = 0; i < 8; i++) {
    out = ALPHANUMERIC[n % 36] + out;
    n = Math.floor(n / 36);
  }
  // A letter somewhere makes it unmistakably alphanumeric and keeps it apart from numeric roots.
  return `${out.slice(0, 2)}${'ABCDEFGHJKLMNPQRSTUVWXYZ'[group % 24]}${out.slice(3)}`;
}

/** Yields `count` companies in groups of one matriz and 0–4 filiais. */
export function* demoCompanies(count: number, seed = 2026, firstGroup = 0): Generator<CompanyCreate> {
  const rand = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  let produced = 0;
  for (let group = firstGroup; produced < count; group++) {
    const [segment, activity] = pick(SEGMENTS);
    const name = pick(NAMES);
    const partners = `${pick(SURNAMES)} & ${pick(SURNAMES)}`;
    const suffix = pick(SUFFIXES);
    const root = cnpjRoot(group, rand() < 0.1);
    const branches = Math.min(Math.floor(rand() * 5), count - produced - 1);
    for (let order = 1; order <= branches + 1; order++) {
      const isMatriz = order === 1;
      const city = pick(CITIES);
      yield {
        trading_name: isMatriz ? `${segment} ${name}` : `${segment} ${name} - ${city}`,
        legal_name: `${partners} ${activity} ${suffix}`,
        tax_id: cnpjOf(root, order),
        type: isMatriz ? 'matriz' : 'filial',
        is_active: rand() >= 0.1,
      };
      produced++;
    }
  }
}
