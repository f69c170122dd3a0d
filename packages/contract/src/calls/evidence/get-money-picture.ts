import { defineCall } from '../../call.ts';
import { moneyPictureParams, moneyPictureQuery, moneyPictureResponse } from '../../evidence.ts';

/**
 * A client's money picture and a withdrawal's return-to-source proposal (path ours): the profile's card
 * and the update modals' summary (docs/product.md [call.getMoneyPicture]).
 */
export const getMoneyPicture = defineCall({
  summary: "Reads a client's money picture and the return-to-source proposal of a withdrawal.",
  method: 'GET',
  path: '/api/admin/users/:userId/money-picture',
  access: 'staff',
  actsOnParam: 'userId',
  params: moneyPictureParams,
  query: moneyPictureQuery,
  response: moneyPictureResponse,
});
