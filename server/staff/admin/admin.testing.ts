import { withId } from "../../../common/paths";
import { staffApiPaths } from "../paths";

// The addresses of one record that the admin API's tests ask about.

export const accountPath = (id: string) => withId(staffApiPaths.account, id);
export const retryPath = (id: string) => withId(staffApiPaths.outboxRetry, id);
