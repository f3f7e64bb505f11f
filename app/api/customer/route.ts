import { createCompany, createCompanyBody } from '@/lib/companies/create-company';
import { deleteCompany, deleteCompanyBody } from '@/lib/companies/delete-company';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const POST = route({ auth: 'user', body: createCompanyBody, status: 201 }, createCompany);
export const DELETE = route({ role: 'superAdmin', body: deleteCompanyBody }, deleteCompany);
export const { GET, PUT, PATCH, OPTIONS } = otherMethods({ POST, DELETE });
