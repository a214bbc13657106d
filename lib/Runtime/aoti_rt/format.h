//===- aoti_rt/format.h - Text: numbers, JSON, names ------------*- C++ -*-===//
//
// Small utilities the reports are written with: number formatting without
// locale, JSON strings and objects, file names.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_FORMAT_H
#define AOTI_RT_FORMAT_H

#include "run_scope.h"

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

//--- Small utilities -------------------------------------------------------//

inline const char *orDefault(const char *S, const char *Default) {
  return (S && *S) ? S : Default;
}

inline const char *baseName(const char *Path) {
  if (!Path)
    return "";
  const char *Slash = std::strrchr(Path, '/');
  return Slash ? Slash + 1 : Path;
}

// NaN/Inf by bit pattern: immune to -ffinite-math-only in the wrapper flags.
inline bool isNanD(double V) {
  uint64_t B;
  std::memcpy(&B, &V, sizeof B);
  return (B & 0x7ff0000000000000ULL) == 0x7ff0000000000000ULL &&
         (B & 0x000fffffffffffffULL) != 0;
}
inline bool isInfD(double V) {
  uint64_t B;
  std::memcpy(&B, &V, sizeof B);
  return (B & 0x7fffffffffffffffULL) == 0x7ff0000000000000ULL;
}

/// Appends finite V as printf's "%.<Prec>g" does (std::to_chars is
/// specified so, and is several times faster; snprintf without it).
inline void appendG(std::string &S, double V, int Prec) {
  char Buf[48];
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
  std::to_chars_result R =
      std::to_chars(Buf, Buf + sizeof Buf, V, std::chars_format::general, Prec);
  if (R.ec == std::errc()) {
    S.append(Buf, R.ptr);
    return;
  }
#endif
  int N = std::snprintf(Buf, sizeof Buf, "%.*g", Prec, V);
  S.append(Buf, static_cast<size_t>(std::max(N, 0)));
}

inline void appendInt(std::string &S, long long V) {
  char Buf[24];
  std::to_chars_result R = std::to_chars(Buf, Buf + sizeof Buf, V);
  S.append(Buf, R.ptr);
}

inline void appendUInt(std::string &S, unsigned long long V) {
  char Buf[24];
  std::to_chars_result R = std::to_chars(Buf, Buf + sizeof Buf, V);
  S.append(Buf, R.ptr);
}

/// "%.6g", or nan, inf, -inf.
inline void appendDouble(std::string &S, double V) {
  if (isNanD(V))
    S += "nan";
  else if (isInfD(V))
    S += V > 0 ? "inf" : "-inf";
  else
    appendG(S, V, 6);
}

inline std::string fmtDouble(double V) {
  std::string S;
  appendDouble(S, V);
  return S;
}

/// A bound or a value: as an integer when it is one.
inline std::string fmtNumber(double V) {
  if (!isNanD(V) && !isInfD(V) && V == static_cast<double>(
                                           static_cast<long long>(V)) &&
      V < 9.0e15 && V > -9.0e15)
    return std::to_string(static_cast<long long>(V));
  return fmtDouble(V);
}

/// \p V: std::vector<int64_t> or DimVec.
template <class Dims> std::string fmtList(const Dims &V) {
  std::string S = "[";
  for (size_t I = 0; I < V.size(); ++I) {
    if (I)
      S += ", ";
    S += std::to_string(static_cast<long long>(V[I]));
  }
  return S + "]";
}

inline void jsonString(std::string &Out, const char *S) {
  Out += '"';
  for (const char *P = S ? S : ""; *P; ++P) {
    unsigned char C = static_cast<unsigned char>(*P);
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += static_cast<char>(C);
    } else if (C == '\n') {
      Out += "\\n";
    } else if (C == '\t') {
      Out += "\\t";
    } else if (C < 0x20) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\u%04x", C);
      Out += Buf;
    } else {
      Out += static_cast<char>(C);
    }
  }
  Out += '"';
}

/// \p V: std::vector<int64_t> or DimVec.
template <class Dims> std::string jsonList(const Dims &V) {
  std::string S = "[";
  for (size_t I = 0; I < V.size(); ++I) {
    if (I)
      S += ',';
    appendInt(S, static_cast<long long>(V[I]));
  }
  return S + "]";
}

/// Builds one JSON object, keys in insertion order.
class JsonObj {
public:
  JsonObj &str(const char *K, const std::string &V) {
    key(K);
    jsonString(S, V.c_str());
    return *this;
  }
  JsonObj &num(const char *K, long long V) {
    key(K);
    appendInt(S, V);
    return *this;
  }
  JsonObj &dbl(const char *K, double V) { // NaN/Inf have no JSON spelling
    key(K);
    if (isNanD(V) || isInfD(V))
      S += "null";
    else
      appendG(S, V, 17);
    return *this;
  }
  JsonObj &boolean(const char *K, bool V) {
    key(K);
    S += V ? "true" : "false";
    return *this;
  }
  JsonObj &raw(const char *K, const std::string &Json) {
    key(K);
    S += Json;
    return *this;
  }
  std::string done() const { return S + "}"; }

private:
  void key(const char *K) {
    S += First ? "" : ",";
    First = false;
    jsonString(S, K);
    S += ':';
  }
  std::string S = "{";
  bool First = true;
};

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_FORMAT_H
