// The system zlib, for gzip-compressed copies of the output (precompression and byte budgets).
#include <zlib.h>
