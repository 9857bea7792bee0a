// zlib (Debian's zlib1g-dev, which libzip-dev brings too), for answering in gzip.
#include <zlib.h>
