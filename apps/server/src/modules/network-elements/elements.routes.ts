import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ELEMENT_TYPES,
  createElementBody,
  createMultipleBody,
  deleteMultipleBody,
  editMultipleBody,
  elementClusterParams,
  elementClusterQuery,
  elementWriteQuery,
  idParams,
  projectIdParams,
  updateElementBody,
  type ElementType,
  type MapElement,
} from '@integration/contracts';
import { requestLocale } from '../../http/locale.ts';
import { translate } from '../../i18n/translate.ts';
import { requireUser } from '../auth/auth.hook.ts';
import type { ElementsService } from './elements.service.ts';
import { fastBodyCompiler, fastCreateMultiple, fastEditMultiple } from './fast-body.ts';

/**
 * The database built the elements' JSON: pass it through untouched. (A one-element array
 * text `[{…}]` becomes the element by dropping its brackets.)
 */
const sendJson = (reply: FastifyReply, body: string) =>
  reply.type('application/json; charset=utf-8').send(body);

/** One element in full, after a single create or update. */
async function sendOne(elements: ElementsService, reply: FastifyReply, id: number) {
  const json = await elements.elementsJson([id]);
  return sendJson(reply, `{"status":true,"data":${json.slice(1, -1)}}`);
}

/** The routes of one type, at /networkelements/{segment} (SPEC §7). */
function typeRoutes(app: FastifyInstance, elements: ElementsService, type: ElementType) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = `/networkelements/${type.segment}`;
  const sendElement = (reply: FastifyReply, id: number) => sendOne(elements, reply, id);
  const tags = [`network elements: ${type.displayName}`];

  api.get(
    `${base}/cluster/:clusterId`,
    { schema: { tags, params: elementClusterParams, querystring: elementClusterQuery } },
    async (request, reply) => {
      const { etag, json } = await elements.clusterJson(
        requireUser(request),
        type,
        request.params.clusterId,
        request.query.shape,
        request.headers['if-none-match'],
      );
      // The map's periodic sync sends the tag back itself; browsers keep no copy.
      reply.header('etag', etag).header('cache-control', 'no-store');
      if (json === null) return reply.code(304).send();
      // Built as text (see cluster-json.ts): pass it through untouched.
      return reply.type('application/json; charset=utf-8').send(`{"status":true,"data":${json}}`);
    },
  );

  api.get(
    `${base}/templates/project/:projectId`,
    { schema: { tags, params: projectIdParams } },
    async (request) => ({
      status: true,
      data: await elements.templatesOfProject(requireUser(request), type, request.params.projectId),
    }),
  );

  api.get(`${base}/templates`, { schema: { tags } }, async (request) => ({
    status: true,
    data: { data: await elements.templatesOfType(requireUser(request), type) },
  }));

  api.post(
    `${base}/create`,
    { schema: { tags, body: createElementBody, querystring: elementWriteQuery } },
    async (request, reply) => {
      const [ack] = await elements.create(
        requireUser(request),
        type,
        [request.body],
        true,
        request.query,
      );
      return sendElement(reply, ack?.id ?? 0);
    },
  );

  api.post(
    `${base}/create/multiple`,
    {
      schema: { tags, body: createMultipleBody, querystring: elementWriteQuery },
      validatorCompiler: fastBodyCompiler(fastCreateMultiple),
    },
    async (request, reply) => {
      const acks = await elements.create(
        requireUser(request),
        type,
        request.body.data,
        false,
        request.query,
      );
      return reply.send({ status: true, data: acks });
    },
  );

  api.post(
    `${base}/edit/multiple`,
    {
      schema: { tags, body: editMultipleBody, querystring: elementWriteQuery },
      validatorCompiler: fastBodyCompiler(fastEditMultiple),
    },
    async (request, reply) => {
      const acks = await elements.update(
        requireUser(request),
        type,
        request.body.data,
        false,
        request.query,
      );
      warnIfUnversioned(reply, request.body.data);
      return reply.send({ status: true, data: acks });
    },
  );

  api.post(
    `${base}/delete/multiple`,
    { schema: { tags, body: deleteMultipleBody } },
    async (request) => {
      const ids = await elements.delete(requireUser(request), type, request.body.data);
      return {
        status: true,
        data: ids,
        message: translate(requestLocale(request), 'elements.deleted', { count: ids.length }),
      };
    },
  );

  api.get(`${base}/:id/history`, { schema: { tags, params: idParams } }, async (request) => ({
    status: true,
    data: await elements.history(requireUser(request), type, request.params.id),
  }));

  api.post(`${base}/:id/restore`, { schema: { tags, params: idParams } }, async (request) => {
    const [ack] = await elements.restore(requireUser(request), type, [request.params.id], true);
    const [element] = JSON.parse(await elements.elementsJson([request.params.id])) as MapElement[];
    return {
      status: true,
      data: element,
      message: translate(requestLocale(request), 'elements.restored', {
        type: type.displayName,
        name: ack?.name ?? '',
      }),
    };
  });

  // An undone multi-delete: one answer per item, in the order asked.
  api.post(
    `${base}/restore/multiple`,
    { schema: { tags, body: deleteMultipleBody } },
    async (request) => {
      return {
        status: true,
        data: await elements.restore(requireUser(request), type, request.body.data),
      };
    },
  );

  api.post(
    `${base}/:id`,
    { schema: { tags, params: idParams, body: updateElementBody, querystring: elementWriteQuery } },
    async (request, reply) => {
      const update = { ...request.body, id: request.params.id };
      const [ack] = await elements.update(
        requireUser(request),
        type,
        [update],
        true,
        request.query,
      );
      warnIfUnversioned(reply, [update]);
      return sendElement(reply, ack?.id ?? 0);
    },
  );

  api.delete(`${base}/:id`, { schema: { tags, params: idParams } }, async (request) => {
    const ids = await elements.delete(requireUser(request), type, [request.params.id], true);
    return {
      status: true,
      data: { id: ids[0] },
      message: translate(requestLocale(request), 'elements.deleted', { count: 1 }),
    };
  });
}

/** Every type's routes, generated from the registry, and the list of types. */
/**
 * An edit without `version` is saved over whatever is stored, even a change someone made since
 * the client read the element (a lost update). It stays optional (SPEC §7's bodies have none,
 * and older API clients send none), but the answer says so in a standard `Warning` header.
 */
function warnIfUnversioned(reply: FastifyReply, items: { version?: number }[]) {
  const missing = items.filter((item) => item.version === undefined).length;
  if (!missing) return;
  reply.header(
    'warning',
    `299 - "version missing on ${missing} of ${items.length} item(s): saved over any change made since; send version to be refused (409) instead"`,
  );
}

export function elementsRoutes(elements: ElementsService) {
  return async (app: FastifyInstance) => {
    app.get('/networkelements/types', { schema: { tags: ['network elements'] } }, async () => ({
      status: true,
      data: { data: elements.types() },
    }));
    for (const type of ELEMENT_TYPES) typeRoutes(app, elements, type);
  };
}
