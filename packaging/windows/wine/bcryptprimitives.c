/* For the Wine checks only, never shipped: Wine 8.0 has no
 * bcryptprimitives.dll, whose ProcessPrng the standard library of Rust 1.78
 * and later imports for random numbers (Windows 10 and 11 have it). This
 * stand-in gives ProcessPrng from RtlGenRandom (advapi32's SystemFunction036),
 * which Wine has. Built by packaging/windows/check.sh:
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll bcryptprimitives.c -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
