import type { Company, CompanyCreateInput, UserPublic } from '@backoffice/contracts';
import { SUPERUSER } from './product.js';

/** Arranges data through the real API, as a test's "given" steps. */
export class Api {
  constructor(readonly baseUrl: string) {}

  async call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}/api/v1/${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async login(email: string, password: string): Promise<string> {
    const res = await fetch(`${this.baseUrl}/api/v1/login/access-token`, {
      method: 'POST',
      body: new URLSearchParams({ username: email, password }),
    });
    if (!res.ok) throw new Error(`login ${email} -> ${res.status} ${await res.text()}`);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  superuserToken(): Promise<string> {
    return this.login(SUPERUSER.email, SUPERUSER.password);
  }

  /** Creates a user through the admin endpoint and returns it with its password and a token. */
  async createUser(
    fields: Partial<{ email: string; full_name: string; is_superuser: boolean; is_active: boolean }> = {},
  ) {
    const password = 'e2e-password-123';
    const email = fields.email ?? `u${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
    const user = await this.call<UserPublic>('POST', 'users/', await this.superuserToken(), {
      email,
      password,
      full_name: fields.full_name ?? 'Pessoa de Teste',
      is_superuser: fields.is_superuser ?? false,
      is_active: fields.is_active ?? true,
    });
    const token = user.is_active ? await this.login(email, password) : undefined;
    return { ...user, password, token };
  }

  createCompany(token: string, company: CompanyCreateInput): Promise<Company> {
    return this.call<Company>('POST', 'companies/', token, company);
  }
}
