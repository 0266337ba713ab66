import type { CreateUserBody, User } from '@integration/contracts';
import { api } from '../../api/client.ts';

export const usersApi = {
  integration: () => api<{ data: User[] }>('GET', '/users/integration').then((r) => r.data),
  invite: (body: CreateUserBody) => api<{ data: User; message: string }>('POST', '/users', body),
};

export const usersKeys = { integration: ['users', 'integration'] as const };
