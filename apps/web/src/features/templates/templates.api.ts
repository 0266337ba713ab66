import {
  elementTypeByName,
  type ElementTemplate,
  type ElementTypeName,
  type UpdateTemplateBody,
} from '@integration/contracts';
import { api } from '../../api/client.ts';

const base = (type: ElementTypeName) =>
  `/networkelements/${elementTypeByName(type)?.segment ?? ''}/templates`;

export const templatesKeys = {
  ofProject: (projectId: number, type: ElementTypeName) => ['templates', projectId, type] as const,
};

/** A project's element templates, and their edits (issue 17). */
export const templatesApi = {
  ofProject: (projectId: number, type: ElementTypeName) =>
    api<{ data: ElementTemplate[] }>('GET', `${base(type)}/project/${projectId}`).then(
      (r) => r.data,
    ),
  update: (type: ElementTypeName, templateId: number, body: UpdateTemplateBody) =>
    api<{ data: ElementTemplate; message: string }>(
      'POST',
      `${base(type)}/update/${templateId}`,
      body,
    ),
};
