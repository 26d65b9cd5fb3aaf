// The standard reason phrases (RFC 9110 and the registered extensions) of the
// statuses a vendor may answer with; HTTP/2 and HTTP/3 carry no status text.
// One list per hundred, by status − 400 and status − 500 ('' where none is
// registered): a lookup table without 39 numeric keys.
const reasonPhrases = {
  400: 'Bad Request,Unauthorized,Payment Required,Forbidden,Not Found,Method Not Allowed,Not Acceptable,Proxy Authentication Required,Request Timeout,Conflict,Gone,Length Required,Precondition Failed,Content Too Large,URI Too Long,Unsupported Media Type,Range Not Satisfiable,Expectation Failed,,,,Misdirected Request,Unprocessable Content,Locked,Failed Dependency,Too Early,Upgrade Required,,Precondition Required,Too Many Requests,,Request Header Fields Too Large'.split(
    ',',
  ),
  500: 'Internal Server Error,Not Implemented,Bad Gateway,Service Unavailable,Gateway Timeout,HTTP Version Not Supported,Variant Also Negotiates,Insufficient Storage,Loop Detected,,,Network Authentication Required'.split(
    ',',
  ),
}

/**
 * The bare status text of an answer: the one the browser gives,
 * else the status's standard reason phrase, else the status number.
 */
export function httpStatusText(status: number, statusText: string): string {
  const hundred = status - (status % 100)
  return (
    statusText.trim() ||
    (status === 451
      ? 'Unavailable For Legal Reasons'
      : reasonPhrases[hundred as 400 | 500]?.[status - hundred]) ||
    String(status)
  )
}
