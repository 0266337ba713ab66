import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cableIdParams,
  connectionsBody,
  elementIdParams,
  fibreIdParams,
  fibreSettingsBody,
  fibreStatusBody,
  idParams,
  measuredLossBody,
  officeIdParams,
  placeOfficeBody,
  portsBody,
  projectIdParams,
  splitterBody,
  traceQuery,
  trayBody,
} from '@integration/contracts';
import { z } from 'zod';
import { requestLocale } from '../../http/locale.ts';
import { translate } from '../../i18n/translate.ts';
import { requireUser } from '../auth/auth.hook.ts';
import type { EnclosuresService, HolderRef } from './enclosures.service.ts';
import type { TraceService } from './trace.service.ts';

const clusterIdParams = z.object({ clusterId: idParams.shape.id });
const portIdParams = z.object({ portId: idParams.shape.id });

/** Fibre connectivity under /api/fibre (issue 26). */
export function fibreRoutes(enclosures: EnclosuresService, traces: TraceService) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['fibre'];

    api.get(
      '/fibre/cables/:cableId/fibres',
      { schema: { tags, params: cableIdParams } },
      async (request) => ({
        status: true,
        data: await traces.cableFibres(
          requireUser(request),
          request.params.cableId,
          requestLocale(request),
        ),
      }),
    );

    api.post(
      '/fibre/fibres/:fibreId/status',
      { schema: { tags, params: fibreIdParams, body: fibreStatusBody } },
      async (request) => {
        await traces.setFibreStatus(
          requireUser(request),
          request.params.fibreId,
          request.body.status,
        );
        return { status: true, data: { id: request.params.fibreId, status: request.body.status } };
      },
    );

    /** The same routes for an element enclosure and for a central office. */
    const holderRoutes = (
      path: string,
      params: typeof elementIdParams | typeof officeIdParams,
      refOf: (params: Record<string, number>) => HolderRef,
    ) => {
      api.get(path, { schema: { tags, params } }, async (request) => ({
        status: true,
        data: await enclosures.plan(
          requireUser(request),
          refOf(request.params as Record<string, number>),
          requestLocale(request),
        ),
      }));

      api.post(
        `${path}/connections`,
        { schema: { tags, params, body: connectionsBody } },
        async (request) => {
          const locale = requestLocale(request);
          const made = await enclosures.connect(
            requireUser(request),
            refOf(request.params as Record<string, number>),
            request.body,
            locale,
          );
          return {
            status: true,
            data: { connections: made.connections },
            message: translate(locale, 'fibre.made', {
              count: made.connections.length,
              name: made.enclosure.name,
            }),
          };
        },
      );

      api.post(
        `${path}/splitters`,
        { schema: { tags, params, body: splitterBody } },
        async (request) => {
          const made = await enclosures.addSplitter(
            requireUser(request),
            refOf(request.params as Record<string, number>),
            request.body.ratio,
            request.body.name,
          );
          return {
            status: true,
            data: { id: made.id, name: made.name, ratio: made.ratio, outputs: made.outputs },
            message: translate(requestLocale(request), 'fibre.splitterAdded', {
              name: made.name,
              ratio: made.ratio,
              enclosure: made.enclosure.name,
            }),
          };
        },
      );

      api.post(`${path}/trays`, { schema: { tags, params, body: trayBody } }, async (request) => {
        const made = await enclosures.addTray(
          requireUser(request),
          refOf(request.params as Record<string, number>),
          request.body.capacity,
        );
        return {
          status: true,
          data: { id: made.id },
          message: translate(requestLocale(request), 'fibre.trayAdded', {
            name: made.enclosure.name,
          }),
        };
      });

      api.post(`${path}/ports`, { schema: { tags, params, body: portsBody } }, async (request) => {
        const made = await enclosures.addPorts(
          requireUser(request),
          refOf(request.params as Record<string, number>),
          request.body,
        );
        return {
          status: true,
          data: null,
          message: translate(requestLocale(request), 'fibre.portsAdded', {
            count: request.body.count,
            name: made.enclosure.name,
          }),
        };
      });
    };
    holderRoutes('/fibre/enclosures/:elementId', elementIdParams, (p) => ({
      elementId: p.elementId ?? 0,
    }));
    holderRoutes('/fibre/central-offices/:officeId', officeIdParams, (p) => ({
      centralOfficeId: p.officeId ?? 0,
    }));

    api.post(
      '/fibre/central-offices/:officeId/location',
      { schema: { tags, params: officeIdParams, body: placeOfficeBody } },
      async (request) => {
        const placed = await enclosures.placeOffice(
          requireUser(request),
          request.params.officeId,
          request.body,
        );
        return {
          status: true,
          data: request.body,
          message: translate(requestLocale(request), 'fibre.officePlaced', {
            name: placed.enclosure.name,
          }),
        };
      },
    );

    api.delete(
      '/fibre/connections/:id',
      { schema: { tags, params: idParams } },
      async (request) => {
        await enclosures.disconnect(requireUser(request), request.params.id);
        return {
          status: true,
          data: { id: request.params.id },
          message: translate(requestLocale(request), 'fibre.removed'),
        };
      },
    );

    api.post(
      '/fibre/connections/:id/measured-loss',
      { schema: { tags, params: idParams, body: measuredLossBody } },
      async (request) => {
        await enclosures.setMeasuredLoss(
          requireUser(request),
          request.params.id,
          request.body.measuredLossDb,
        );
        return { status: true, data: { id: request.params.id, ...request.body } };
      },
    );

    api.get('/fibre/trace', { schema: { tags, querystring: traceQuery } }, async (request) => ({
      status: true,
      data: await traces.trace(requireUser(request), request.query, requestLocale(request)),
    }));

    api.get(
      '/fibre/ports/:portId/homes',
      { schema: { tags, params: portIdParams } },
      async (request) => ({
        status: true,
        data: await traces.homesServed(requireUser(request), request.params.portId),
      }),
    );

    api.get(
      '/fibre/clusters/:clusterId/budget',
      { schema: { tags, params: clusterIdParams } },
      async (request) => {
        const { homes } = await traces.budget(requireUser(request), request.params.clusterId);
        return { status: true, data: { homes } };
      },
    );

    api.get(
      '/fibre/projects/:projectId/settings',
      { schema: { tags, params: projectIdParams } },
      async (request) => ({
        status: true,
        data: await traces.settings(requireUser(request), request.params.projectId),
      }),
    );

    api.post(
      '/fibre/projects/:projectId/settings',
      { schema: { tags, params: projectIdParams, body: fibreSettingsBody } },
      async (request) => ({
        status: true,
        data: await traces.saveSettings(
          requireUser(request),
          request.params.projectId,
          request.body,
        ),
        message: translate(requestLocale(request), 'fibre.settingsSaved'),
      }),
    );
  };
}
