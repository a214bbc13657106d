//===- aoti_rt/safetensors.h - Saves ----------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One safetensors file per probe, loadable with safetensors and torch.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_SAFETENSORS_H
#define AOTI_RT_SAFETENSORS_H

#include "items.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
AOTI_RT_COLD_BEGIN
namespace detail {

//--- Saves: one safetensors file per probe ---------------------------------//

inline std::string fileSafe(const char *S, size_t Max = 120) {
  std::string Out;
  for (const char *P = S ? S : ""; *P && Out.size() < Max; ++P) {
    char C = *P;
    bool Ok = (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
              (C >= '0' && C <= '9') || C == '_' || C == '-' || C == '.';
    Out += Ok ? C : '_';
  }
  return Out.empty() ? "_" : Out;
}

/// <save_dir>/session-NNNN (session-NNNN-rankR in a distributed job), the
/// first number not taken, made once per Program state (so per process).
/// Call with S.SaveMutex held.
inline bool ensureSession(ProgramState &S, std::string &Err) {
  namespace fs = std::filesystem;
  if (!S.SessionDir.empty())
    return true;
  if (S.SaveBroken) {
    Err = "saving is off after an earlier error";
    return false;
  }
  std::error_code EC;
  fs::create_directories(S.SaveDir, EC);
  if (!fs::is_directory(S.SaveDir, EC)) {
    Err = "cannot create directory '" + S.SaveDir + "'";
    S.SaveBroken = true;
    return false;
  }
  for (int N = 1; N < 1000000; ++N) {
    char Name[32];
    if (S.Rank >= 0)
      std::snprintf(Name, sizeof Name, "session-%04d-rank%d", N, S.Rank);
    else
      std::snprintf(Name, sizeof Name, "session-%04d", N);
    fs::path Dir = fs::path(S.SaveDir) / Name;
    EC.clear();
    if (fs::create_directory(Dir, EC)) {
      S.SessionDir = Dir.string();
      return true;
    }
    if (!fs::exists(Dir, EC)) {
      Err = "cannot create directory '" + Dir.string() + "'";
      S.SaveBroken = true;
      return false;
    }
  }
  Err = "no free session number in '" + S.SaveDir + "'";
  S.SaveBroken = true;
  return false;
}

/// Writes Items (data host-readable) as a safetensors file.
inline bool writeSafetensors(const std::string &Path,
                             const std::vector<const Item *> &Items,
                             const std::string &MetadataJson,
                             std::string &Err) {
  JsonObj H;
  H.raw("__metadata__", MetadataJson);
  uint64_t Off = 0;
  for (const Item *It : Items) {
    const TensorMeta &M = It->Meta;
    uint64_t Bytes = static_cast<uint64_t>(M.Numel) * M.Dtype->Size;
    std::string Offsets =
        "[" + std::to_string(Off) + "," + std::to_string(Off + Bytes) + "]";
    H.raw(M.Name, JsonObj()
                      .str("dtype", M.Dtype->Safetensors)
                      .raw("shape", jsonList(M.Sizes))
                      .raw("data_offsets", Offsets)
                      .done());
    Off += Bytes;
  }
  std::string Header = H.done();
  while (Header.size() % 8)
    Header += ' ';
  FILE *F = std::fopen(Path.c_str(), "wb");
  if (!F) {
    Err = "cannot write '" + Path + "'";
    return false;
  }
  unsigned char Len[8];
  uint64_t N = Header.size();
  for (int I = 0; I < 8; ++I)
    Len[I] = static_cast<unsigned char>(N >> (8 * I));
  bool Ok = std::fwrite(Len, 1, 8, F) == 8 &&
            std::fwrite(Header.data(), 1, Header.size(), F) == Header.size();
  std::vector<unsigned char> Buf;
  for (const Item *It : Items) {
    if (!Ok)
      break;
    const TensorMeta &M = It->Meta;
    size_t Bytes = static_cast<size_t>(M.Numel) * M.Dtype->Size;
    if (!Bytes)
      continue;
    Buf.resize(Bytes);
    gatherContiguous(M, It->Host, Buf.data());
    Ok = std::fwrite(Buf.data(), 1, Bytes, F) == Bytes;
  }
  if (std::fclose(F) != 0)
    Ok = false;
  if (!Ok)
    Err = "error writing '" + Path + "'";
  return Ok;
}

} // namespace detail
AOTI_RT_COLD_END
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_SAFETENSORS_H
