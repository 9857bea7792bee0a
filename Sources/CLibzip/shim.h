// libzip (Debian's libzip-dev), for reading ISDOCX containers.
#include <zip.h>
