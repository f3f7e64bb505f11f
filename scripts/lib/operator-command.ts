import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { OperatorCtx } from '@/lib/context';
import { instanceSettingsBody } from '@/lib/instance/instance-settings-body';
import { getInstanceSettings } from '@/lib/instance/get-instance-settings';
import { updateInstanceSettings } from '@/lib/instance/update-instance-settings';
import { changeCompanyPlan, changeCompanyPlanBody } from '@/lib/operators/change-company-plan';
import { findCompanyForOperator, operatorCompanyParams } from '@/lib/operators/company-for-operator';
import { liftSuspension } from '@/lib/operators/lift-suspension';
import { listCompanies, listCompaniesQuery } from '@/lib/operators/list-companies';
import { answerSalesRequest, answerSalesRequestBody } from '@/lib/operators/answer-sales-request';
import { listSalesRequests, listSalesRequestsQuery } from '@/lib/operators/list-sales-requests';
import { operatorSalesRequestParams } from '@/lib/operators/sales-request-for-operator';
import { suspendCompany, suspendCompanyBody } from '@/lib/operators/suspend-company';
import { channelTestCommand } from './channel-test-command';
import { CommandReport } from './command-report';
import { salesAnswerText, salesRequestsText } from './print-sales-requests';

// `npm run operator -- <command>`: what the console's operator area does, for whoever has the server's shell (the
// compose file's web container, or the machine `npm start` runs on). The same operations and checks as the API; the
// audit log names no person (actor null) and says it came from the command.

export const OPERATOR_USAGE = `Usage: npm run operator -- <command> [options]

  companies [--search <text>] [--page <n>]      List the companies: plan, seats in use, features, state, last activity.
  company <id>                                  Show one company.
  company <id> [--plan free|professional|enterprise] [--included-seats <n>] [--extra-seats <n>]
               [--features mission,scenario,flicHub | --features none]
                                                Change its plan, seats or features.
  suspend <id> --reason <text>                  Suspend a company: its people, buttons and directory are refused.
  restore <id>                                  Restore a suspended company.
  settings                                      Show the install's settings.
  settings [--sign-up open|domains|closed] [--domains a.example,b.example]
           [--new-company-plan <plan>] [--new-company-seats <n>] [--new-company-features <list> | none]
                                                Change who may sign up and what a new company starts with.
  sales-requests [--status open|answered|all] [--page <n>]
                                                List the companies' sales requests, newest first (open ones unless
                                                --status says otherwise).
  answer-sales-request <id> --text <answer>     Answer a sales request (once): kept, audited, and e-mailed to the
                                                requester in their language.
  test-channel sms|call <number> | email <address> | push <account e-mail> [--language <locale>]
                                                Send one test now (push: to that account's devices) and print the
                                                provider's answer. Exit code 1: the provider refused it; 3: no
                                                provider is set, the outbox recorded it. Uses this shell's settings.
Add --json for JSON output, --data-dir <folder> for npm start's data folder when it is not .data.`;

/** A refusal of the command's input: its usage or the checks' messages. */
export class OperatorCommandError extends Error {}

const list = (value: string | undefined) =>
  value === undefined ? undefined : value === 'none' ? [] : value.split(',').map((item) => item.trim());
const count = (value: string | undefined) => (value === undefined ? undefined : Number(value));

function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new OperatorCommandError(
      result.error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`).join('\n'),
    );
  }
  return result.data;
}

/** Runs one command (argv after `--`) as the install's operator; answers what to print. */
export async function runOperatorCommand(ctx: OperatorCtx, argv: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      search: { type: 'string' },
      page: { type: 'string' },
      plan: { type: 'string' },
      'included-seats': { type: 'string' },
      'extra-seats': { type: 'string' },
      features: { type: 'string' },
      reason: { type: 'string' },
      'sign-up': { type: 'string' },
      domains: { type: 'string' },
      'new-company-plan': { type: 'string' },
      'new-company-seats': { type: 'string' },
      'new-company-features': { type: 'string' },
      status: { type: 'string' },
      text: { type: 'string' },
      json: { type: 'boolean' },
      language: { type: 'string' },
    },
  });
  const [command, id] = positionals;
  const companyId = () => parsed(operatorCompanyParams, { id }).id;
  switch (command) {
    case 'companies':
      return listCompanies(ctx, parsed(listCompaniesQuery, { q: values.search, page: values.page }));
    case 'company': {
      const change = {
        plan: values.plan,
        includedSeats: count(values['included-seats']),
        extraSeats: count(values['extra-seats']),
        features: list(values.features),
      };
      if (Object.values(change).every((value) => value === undefined))
        return findCompanyForOperator(ctx.db, companyId());
      return changeCompanyPlan(ctx, { id: companyId(), ...parsed(changeCompanyPlanBody, change) });
    }
    case 'suspend':
      return suspendCompany(ctx, { id: companyId(), ...parsed(suspendCompanyBody, { reason: values.reason }) });
    case 'restore':
      return liftSuspension(ctx, { id: companyId() });
    case 'settings': {
      const current = await getInstanceSettings(ctx.db);
      const given = {
        signUpPolicy: values['sign-up'],
        signUpDomains: list(values.domains),
        newCompanyPlan: values['new-company-plan'],
        newCompanySeats: count(values['new-company-seats']),
        newCompanyFeatures: list(values['new-company-features']),
      };
      if (Object.values(given).every((value) => value === undefined)) return current;
      const changed = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
      return updateInstanceSettings(ctx, parsed(instanceSettingsBody, { ...current, ...changed }));
    }
    case 'sales-requests': {
      const query = parsed(listSalesRequestsQuery, { status: values.status, page: values.page });
      const page = await listSalesRequests(ctx, query);
      return new CommandReport(page, salesRequestsText(page, query.status), 0);
    }
    case 'answer-sales-request': {
      const request = parsed(operatorSalesRequestParams, { id });
      if (values.text === undefined) throw new OperatorCommandError('Give the answer: --text "…"');
      const { answer } = parsed(answerSalesRequestBody, { answer: values.text });
      const answered = await answerSalesRequest(ctx, { id: request.id, answer });
      return new CommandReport(answered, salesAnswerText(answered), 0);
    }
    case 'test-channel':
      return channelTestCommand(ctx, { channel: positionals[1], to: positionals[2], language: values.language });
    default:
      throw new OperatorCommandError(OPERATOR_USAGE);
  }
}
